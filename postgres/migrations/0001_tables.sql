-- Tables: the lobby as JSON in data; status and result as columns because
-- the move path updates them. A table's version is the number of its moves.
CREATE TABLE tables (
    id      text PRIMARY KEY,
    game    text NOT NULL,
    status  text NOT NULL,
    invite  text NOT NULL UNIQUE,
    code    text NOT NULL UNIQUE,
    tv      text NOT NULL UNIQUE,
    result  text,
    data    text NOT NULL,
    created bigint NOT NULL,
    updated bigint NOT NULL
);

CREATE INDEX tables_status ON tables (status);

-- Moves: the log of every table, one row per applied move. The move is
-- kept as the exact text received (jsonb would reorder it).
CREATE TABLE moves (
    table_id text NOT NULL REFERENCES tables (id),
    n        integer NOT NULL,
    seat     integer NOT NULL,
    move     text NOT NULL,
    at       bigint NOT NULL,
    PRIMARY KEY (table_id, n)
);
