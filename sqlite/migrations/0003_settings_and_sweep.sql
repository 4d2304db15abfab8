-- Settings: the server's own secrets (the key that signs player tokens),
-- created at first use and kept with the data.
CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
);

-- The sweeper finds old lobbies and finished games by status and last change.
CREATE INDEX tables_status_updated ON tables (status, updated);
