import type { JobRow } from '../store/render-jobs.js';
import { signedRenderUrl } from './stored.js';

/** A job as its owner sees it (DECISIONS.md "Async renders and webhooks"). */
export function jobView(job: JobRow, secret: string) {
  const view = {
    id: job.id,
    status: job.status,
    created_at: job.created_at,
    started_at: job.started_at,
    finished_at: job.finished_at,
    template_id: job.template_id,
    metadata: job.metadata === null ? null : (JSON.parse(job.metadata) as Record<string, unknown>),
    attempts: Number(job.attempts),
  };
  if (job.status === 'succeeded' && job.render_id && job.expires_at) {
    return {
      ...view,
      url: signedRenderUrl(job.base_url, secret, job.render_id, job.expires_at),
      expires_at: job.expires_at,
      size_bytes: Number(job.size_bytes),
      duration_ms: Number(job.duration_ms),
    };
  }
  if (job.status === 'failed' && job.error)
    return { ...view, error: JSON.parse(job.error) as { type: string; code: string; message: string } };
  return view;
}
