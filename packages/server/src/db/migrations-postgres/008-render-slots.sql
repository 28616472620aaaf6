-- Renders running per account over every node sharing this database (SQLite installs count
-- them in the process). Each node renews its row and its slots; a dead node's expire.
-- `expires_at`: ms since epoch by PostgreSQL's clock, so nodes' clocks need not agree.
CREATE TABLE render_nodes (
  node TEXT COLLATE "C" PRIMARY KEY,
  workers INTEGER NOT NULL,
  expires_at BIGINT NOT NULL
);

CREATE TABLE render_slots (
  id TEXT COLLATE "C" PRIMARY KEY,
  account TEXT COLLATE "C" NOT NULL,
  node TEXT COLLATE "C" NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX render_slots_account ON render_slots(account, expires_at);
CREATE INDEX render_slots_node ON render_slots(node);
