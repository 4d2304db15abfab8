-- Who sits where, for the list of a person's tables on every device of
-- theirs, and how many moves of each table the person has seen there (the
-- count when they last had its play screen open). CreateTable and SaveTable
-- keep it with the table.
CREATE TABLE seated (
    person   TEXT NOT NULL,
    table_id TEXT NOT NULL,
    seen     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (person, table_id)
) WITHOUT ROWID;

CREATE INDEX seated_table ON seated (table_id);

-- The tables stored before: everyone seated has seen every move so far.
INSERT OR IGNORE INTO seated (person, table_id, seen)
SELECT json_extract(s.value, '$.key'), t.id, (SELECT count(*) FROM moves WHERE table_id = t.id)
FROM tables t, json_each(t.data, '$.seats') s
WHERE json_extract(s.value, '$.kind') = 'human' AND json_extract(s.value, '$.key') IS NOT NULL;
