-- Fair claiming of async renders across accounts: the same as migrations/005-job-turns.sql.
ALTER TABLE render_jobs ADD COLUMN turn BIGINT NOT NULL DEFAULT 0;
CREATE INDEX render_jobs_turn ON render_jobs(turn);
CREATE INDEX render_jobs_user_turn ON render_jobs(user_id, turn);
