-- Tables: the lobby as JSON in data; status, version and result as columns
-- because the move path updates them.
CREATE TABLE tables (
    id      TEXT PRIMARY KEY,
    game    TEXT NOT NULL,
    status  TEXT NOT NULL,
    invite  TEXT NOT NULL UNIQUE,
    code    TEXT NOT NULL UNIQUE,
    tv      TEXT NOT NULL UNIQUE,
    version INTEGER NOT NULL DEFAULT 0,
    result  TEXT,
    data    TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
);

CREATE INDEX tables_status ON tables (status);

-- Moves: the log of every table, one row per applied move.
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables (id),
    n        INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    move     TEXT NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
