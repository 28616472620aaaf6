-- Webhooks of async renders (DECISIONS.md "Async renders and webhooks"): each account's
-- signing secret, each job's URL, and one delivery row per finished job, retried with backoff.
ALTER TABLE users ADD COLUMN webhook_secret TEXT;
ALTER TABLE render_jobs ADD COLUMN webhook_url TEXT;
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  job_id TEXT NOT NULL,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  lease_until INTEGER,
  last_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_at);
