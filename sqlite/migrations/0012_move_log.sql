-- New moves are appended to move_log in the order they commit (its rowid),
-- not put in place in moves, which is kept by (table, n): a commit of many
-- tables' moves then dirties a page or two of the log instead of a page of
-- moves a table, each written whole to the WAL. The store folds the oldest
-- logged moves into moves now and then, in small transactions. A table's
-- moves are those of moves followed by those of move_log, whose n are
-- always the higher.
CREATE TABLE move_log (
    seq      INTEGER PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables (id),
    n        INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    move     TEXT NOT NULL,
    at       INTEGER NOT NULL,
    stand_in INTEGER NOT NULL DEFAULT 0
);
