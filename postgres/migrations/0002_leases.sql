-- Leases: which node runs a live table, until when (the database's clock),
-- and the fencing number that grows with every change of owner. A node
-- writes a table's moves and lobby only while its fencing number is the
-- stored one, checked in the transaction of the write.
CREATE TABLE leases (
    table_id text PRIMARY KEY REFERENCES tables (id),
    owner    text NOT NULL,
    epoch    bigint NOT NULL,
    expires  timestamptz NOT NULL
);

CREATE INDEX leases_owner ON leases (owner);
