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
