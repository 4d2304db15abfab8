-- Settings: the server's own secrets (the key that signs player tokens),
-- created by the first node that needs one and shared by every node.
CREATE TABLE settings (
    name  text PRIMARY KEY,
    value bytea NOT NULL
);
