-- Rate buckets: the token buckets of the limits per person and address
-- (table.Bucket), shared by every node and kept across restarts. Times are
-- Unix seconds; a row past forget is a full bucket and may go.
CREATE TABLE rate_buckets (
    key     text PRIMARY KEY,
    tokens  double precision NOT NULL,
    at      double precision NOT NULL,
    forget  double precision NOT NULL
);

CREATE INDEX rate_buckets_forget ON rate_buckets (forget);

-- Open tables: which tables count against which owner (a person or an
-- address) while they are open (table.Store.HoldOpen), for every node. A
-- hold of a table that is finished or not stored counts no more once it is
-- older than table.HoldGrace (held: Unix seconds).
CREATE TABLE open_tables (
    owner    text NOT NULL,
    table_id text NOT NULL,
    held     double precision NOT NULL,
    PRIMARY KEY (owner, table_id)
);

CREATE INDEX open_tables_table ON open_tables (table_id);
