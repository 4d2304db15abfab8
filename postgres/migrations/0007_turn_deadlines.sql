-- The turn deadlines of a table at its players' own pace (JSON, see
-- table.Deadlines): when each waited-on person's limit runs out, and
-- whether their reminder went out, so both outlast a restart and move
-- with the table to another node.
ALTER TABLE tables ADD COLUMN deadlines text;
