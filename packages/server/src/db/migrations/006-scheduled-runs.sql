-- Cluster-wide scheduled work (the expiry sweep): when each task is next due. The node that
-- moves `next_at` on runs the task; the others skip it (src/store/schedule.ts).
CREATE TABLE scheduled_runs (
  name TEXT PRIMARY KEY,
  next_at INTEGER NOT NULL
);
