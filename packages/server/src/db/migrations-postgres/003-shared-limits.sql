-- Rate limits and login throttling shared by every node (SQLite installs keep them in memory).
-- Token buckets: `name` is the limiter (key, account, session writes), `at` ms since epoch.
CREATE TABLE rate_buckets (
  name TEXT NOT NULL,
  key TEXT NOT NULL,
  tokens DOUBLE PRECISION NOT NULL,
  at BIGINT NOT NULL,
  allowed BOOLEAN NOT NULL,
  PRIMARY KEY (name, key)
);
CREATE INDEX rate_buckets_at ON rate_buckets(at);

-- One row per failed (or pending) login attempt within the window.
CREATE TABLE login_failures (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  subject TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX login_failures_subject ON login_failures(name, subject, at);
