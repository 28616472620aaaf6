-- Webhooks: the same as migrations/004-webhooks.sql (SQLite).
ALTER TABLE users ADD COLUMN webhook_secret TEXT;
ALTER TABLE render_jobs ADD COLUMN webhook_url TEXT;
CREATE TABLE webhook_deliveries (
  id TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  job_id TEXT COLLATE "C" NOT NULL,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at BIGINT NOT NULL,
  lease_until BIGINT,
  last_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_at);
