-- The outbox of turn notices: one row a notice, kept until it is sent,
-- found stale, or given up on, and then a while longer (done) so that the
-- same turn queued again is not announced twice. kind is 'turn' or
-- 'reminder'; turn holds the notice's table.Turn as JSON; sent lists, as a
-- JSON array, the channels (push endpoints, 'mail') that took it already.
-- A sender claims a row until claimed_until so no other sends it meanwhile.
CREATE TABLE notices (
    id            INTEGER PRIMARY KEY,
    person        TEXT NOT NULL,
    table_id      TEXT NOT NULL,
    version       INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    turn          TEXT NOT NULL,
    created       INTEGER NOT NULL,
    not_before    INTEGER NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    sent          TEXT NOT NULL DEFAULT '[]',
    done          INTEGER NOT NULL DEFAULT 0,
    claimant      TEXT NOT NULL DEFAULT '',
    claimed_until INTEGER NOT NULL DEFAULT 0,
    UNIQUE (person, table_id, version, kind)
);
CREATE INDEX notices_due ON notices (done, not_before);
CREATE INDEX notices_created ON notices (created) WHERE done = 1;
