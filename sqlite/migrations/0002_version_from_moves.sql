-- A table's version is the number of its stored moves; keeping it in a
-- column meant rewriting a wide row of tables with every move.
ALTER TABLE tables DROP COLUMN version;
