-- Web Push subscriptions, one per browser endpoint, of a person (the Key
-- tables know them by) on one of their devices ('' for the first).
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    p256dh   TEXT NOT NULL,
    auth     TEXT NOT NULL,
    person   TEXT NOT NULL,
    device   TEXT NOT NULL,
    created  INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_person ON push_subscriptions (person, device);

-- A person's notice settings.
CREATE TABLE notice_people (
    person       TEXT PRIMARY KEY,
    mail         TEXT NOT NULL DEFAULT '',
    mail_token   TEXT NOT NULL DEFAULT '',
    confirmed    INTEGER NOT NULL DEFAULT 0,
    base         TEXT NOT NULL DEFAULT '',
    quiet_from   INTEGER NOT NULL DEFAULT 0,
    quiet_to     INTEGER NOT NULL DEFAULT 0,
    zone         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX notice_people_token ON notice_people (mail_token) WHERE mail_token <> '';

-- One-time codes that link another browser to a person, by the code's hash.
CREATE TABLE link_codes (
    hash     TEXT PRIMARY KEY,
    identity TEXT NOT NULL,
    person   TEXT NOT NULL,
    tables   TEXT NOT NULL DEFAULT '',
    expires  INTEGER NOT NULL
);

-- The browsers a person linked.
CREATE TABLE devices (
    person  TEXT NOT NULL,
    id      TEXT NOT NULL,
    name    TEXT NOT NULL,
    created INTEGER NOT NULL,
    PRIMARY KEY (person, id)
);
