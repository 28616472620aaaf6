-- Cluster-wide scheduled work: the same as migrations/006-scheduled-runs.sql.
CREATE TABLE scheduled_runs (
  name TEXT COLLATE "C" PRIMARY KEY,
  next_at BIGINT NOT NULL
);
