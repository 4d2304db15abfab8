-- Web Push subscriptions, one per browser endpoint, of a person (the Key
-- tables know them by) on one of their devices ('' for the first).
CREATE TABLE push_subscriptions (
    endpoint text PRIMARY KEY,
    p256dh   text NOT NULL,
    auth     text NOT NULL,
    person   text NOT NULL,
    device   text NOT NULL,
    created  bigint NOT NULL
);
CREATE INDEX push_subscriptions_person ON push_subscriptions (person, device);

-- A person's notice settings.
CREATE TABLE notice_people (
    person       text PRIMARY KEY,
    mail         text NOT NULL DEFAULT '',
    mail_token   text NOT NULL DEFAULT '',
    confirmed    integer NOT NULL DEFAULT 0,
    base         text NOT NULL DEFAULT '',
    quiet_from   integer NOT NULL DEFAULT 0,
    quiet_to     integer NOT NULL DEFAULT 0,
    zone         text NOT NULL DEFAULT ''
);
CREATE INDEX notice_people_token ON notice_people (mail_token) WHERE mail_token <> '';

-- One-time codes that link another browser to a person, by the code's hash.
CREATE TABLE link_codes (
    hash     text PRIMARY KEY,
    identity text NOT NULL,
    person   text NOT NULL,
    tables   text NOT NULL DEFAULT '',
    expires  bigint NOT NULL
);

-- The browsers a person linked.
CREATE TABLE devices (
    person  text NOT NULL,
    id      text NOT NULL,
    name    text NOT NULL,
    created bigint NOT NULL,
    PRIMARY KEY (person, id)
);
