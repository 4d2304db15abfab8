-- The outbox of turn notices: one row a notice, kept until it is sent,
-- found stale, or given up on, and then a while longer (done) so that the
-- same turn queued again is not announced twice. kind is 'turn' or
-- 'reminder'; turn holds the notice's table.Turn as JSON; sent lists, as a
-- JSON array, the channels (push endpoints, 'mail') that took it already.
-- A sender claims a row until claimed_until so no other sends it meanwhile.
CREATE TABLE notices (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    person        text NOT NULL,
    table_id      text NOT NULL,
    version       integer NOT NULL,
    kind          text NOT NULL,
    turn          text NOT NULL,
    created       bigint NOT NULL,
    not_before    bigint NOT NULL,
    attempts      integer NOT NULL DEFAULT 0,
    sent          text NOT NULL DEFAULT '[]',
    done          integer NOT NULL DEFAULT 0,
    claimant      text NOT NULL DEFAULT '',
    claimed_until bigint NOT NULL DEFAULT 0,
    UNIQUE (person, table_id, version, kind)
);
CREATE INDEX notices_due ON notices (done, not_before);
CREATE INDEX notices_created ON notices (created) WHERE done = 1;
