-- Platen's schema on PostgreSQL: the same tables as migrations/001-init.sql (SQLite).
-- IDs and ISO times compare byte by byte (COLLATE "C"), as in SQLite: log cursors rely on it.
-- Emails are stored lower-cased; the unique index on lower(email) stands for SQLite's NOCASE.
CREATE TABLE users (
  id TEXT COLLATE "C" PRIMARY KEY,
  email TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE UNIQUE INDEX users_email ON users (lower(email));
CREATE UNIQUE INDEX users_email_exact ON users (email);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT COLLATE "C" NOT NULL,
  expires_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE api_keys (
  id TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  permission TEXT NOT NULL CHECK (permission IN ('full_access', 'render_only')),
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX api_keys_user ON api_keys(user_id);

CREATE TABLE components (
  id TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('header', 'footer', 'block')),
  html TEXT NOT NULL,
  preview TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX components_user ON components(user_id, id);

-- Deleting a component detaches it (SET NULL) from every template that used it.
CREATE TABLE templates (
  id TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  slug TEXT COLLATE "C" NOT NULL,
  html TEXT NOT NULL,
  plain_text TEXT NOT NULL,
  pdf_format TEXT NOT NULL,
  sample_data TEXT NOT NULL,
  header_component_id TEXT COLLATE "C" REFERENCES components(id) ON DELETE SET NULL,
  footer_component_id TEXT COLLATE "C" REFERENCES components(id) ON DELETE SET NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL,
  UNIQUE (user_id, slug)
);
CREATE INDEX templates_header ON templates(header_component_id);
CREATE INDEX templates_footer ON templates(footer_component_id);

-- Logs outlive the template and the key they name: no foreign key on those.
CREATE TABLE logs (
  id TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template_id TEXT COLLATE "C",
  template_name TEXT,
  api_key_id TEXT COLLATE "C",
  status TEXT NOT NULL CHECK (status IN ('success', 'error')),
  duration_ms INTEGER NOT NULL,
  size_bytes BIGINT,
  error TEXT,
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX logs_user_id ON logs(user_id, id);
CREATE INDEX logs_user_created ON logs(user_id, created_at);

CREATE TABLE renders (
  id TEXT COLLATE "C" PRIMARY KEY,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  size_bytes BIGINT NOT NULL,
  filename TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  expires_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX renders_user ON renders(user_id);
CREATE INDEX renders_expiry ON renders(expires_at);
