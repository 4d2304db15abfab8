-- The language a person reads Harbor in ('' until they choose one), which
-- every device linked to them shares and their notices are worded in.
ALTER TABLE notice_people ADD COLUMN lang text NOT NULL DEFAULT '';
