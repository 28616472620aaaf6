-- Fair claiming of async renders across accounts: each job's turn, given when it is queued
-- (src/store/render-jobs.ts); jobs are claimed lowest turn first.
ALTER TABLE render_jobs ADD COLUMN turn INTEGER NOT NULL DEFAULT 0;
CREATE INDEX render_jobs_turn ON render_jobs(turn);
CREATE INDEX render_jobs_user_turn ON render_jobs(user_id, turn);
