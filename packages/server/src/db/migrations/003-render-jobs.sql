-- Async renders (POST /render/async): queued by any node, run by any node's worker pool.
-- A running job holds a lease (ms since epoch) its node renews; a job whose lease ran out
-- (its node died) is taken again by another node, up to 3 attempts.
CREATE TABLE render_jobs (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  api_key_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  request TEXT NOT NULL,
  template_id TEXT,
  metadata TEXT,
  base_url TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_until INTEGER,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  render_id TEXT,
  expires_at TEXT,
  size_bytes INTEGER,
  duration_ms INTEGER,
  error TEXT
);
CREATE INDEX render_jobs_user ON render_jobs(user_id);
CREATE INDEX render_jobs_status ON render_jobs(status, id);
