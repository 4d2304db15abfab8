-- Who sits where, for the list of a person's tables on every device of
-- theirs, and how many moves of each table the person has seen there (the
-- count when they last had its play screen open). CreateTable and SaveTable
-- keep it with the table.
CREATE TABLE seated (
    person   text NOT NULL,
    table_id text NOT NULL,
    seen     integer NOT NULL DEFAULT 0,
    PRIMARY KEY (person, table_id)
);

CREATE INDEX seated_table ON seated (table_id);

-- The tables stored before: everyone seated has seen every move so far.
INSERT INTO seated (person, table_id, seen)
SELECT s.value ->> 'key', t.id, (SELECT count(*) FROM moves WHERE table_id = t.id)
FROM tables t, jsonb_array_elements(t.data::jsonb -> 'seats') s
WHERE s.value ->> 'kind' = 'human' AND s.value ->> 'key' IS NOT NULL
ON CONFLICT DO NOTHING;
