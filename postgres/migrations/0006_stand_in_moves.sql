-- A move a computer player made in a person's seat (the person away, or the
-- seat handed over) is marked, so the log and the replay can say so.
ALTER TABLE moves ADD COLUMN stand_in BOOLEAN NOT NULL DEFAULT false;
