-- Rate buckets: the token buckets of the limits per person and address
-- (table.Bucket), so they outlast a restart. Times are Unix seconds;
-- a row past forget is a full bucket and may go.
CREATE TABLE rate_buckets (
    key     TEXT PRIMARY KEY,
    tokens  REAL NOT NULL,
    at      REAL NOT NULL,
    forget  REAL NOT NULL
);

CREATE INDEX rate_buckets_forget ON rate_buckets (forget);
