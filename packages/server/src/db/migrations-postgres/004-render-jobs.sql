-- Async renders: the same table as migrations/003-render-jobs.sql (SQLite).
CREATE TABLE render_jobs (
  id TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  api_key_id TEXT COLLATE "C",
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  request TEXT NOT NULL,
  template_id TEXT COLLATE "C",
  metadata TEXT,
  base_url TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_until BIGINT,
  created_at TEXT COLLATE "C" NOT NULL,
  started_at TEXT COLLATE "C",
  finished_at TEXT COLLATE "C",
  render_id TEXT COLLATE "C",
  expires_at TEXT COLLATE "C",
  size_bytes BIGINT,
  duration_ms INTEGER,
  error TEXT
);
CREATE INDEX render_jobs_user ON render_jobs(user_id);
CREATE INDEX render_jobs_status ON render_jobs(status, id);
