-- The chat room of a table: the service and incoming-webhook URL its host
-- gave, where its turn notices are posted too. A table of its own rather
-- than a column of tables: the URL is a credential, and the table's row
-- (its JSON) is what every view, backup of a table and copy of it is made
-- from, while this is read only by the notice sender; and setting it goes
-- around the table's commit path, which has nothing to check of it.
CREATE TABLE table_webhooks (
    table_id TEXT PRIMARY KEY,
    service  TEXT NOT NULL,
    url      TEXT NOT NULL,
    set_by   TEXT NOT NULL,
    created  INTEGER NOT NULL
);
