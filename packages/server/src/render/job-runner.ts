import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import type { RenderWarning } from '../render-pool/messages.js';
import type { RenderRequest } from '../schemas/render.js';
import type { JobRow } from '../store/render-jobs.js';
import type { RenderService } from './render-service.js';
import { isLogged, storeRender } from './stored.js';

export interface JobRunnerOptions {
  /** How often an idle node looks for queued jobs. */
  readonly pollMs: number;
  /** How long a claimed job stays this node's without renewal; renewed every third of it. */
  readonly leaseMs: number;
  /** Jobs this node runs at once (its render workers). */
  readonly concurrency: number;
}

/**
 * This node's share of the async render queue: it claims jobs (queued, or left by a node that
 * died), renders them in the node's worker pool, stores the PDF like `delivery: "url"`, and
 * writes the job's end with its one log row in one transaction, only while it holds the lease.
 */
export function startJobRunner(deps: AppDeps, service: RenderService, options: JobRunnerOptions) {
  const { jobs, logs, logger } = deps;
  let running = 0;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();

  async function run(job: JobRow): Promise<void> {
    const renew = setInterval(() => void jobs.renew(job, options.leaseMs).catch(() => undefined), options.leaseMs / 3);
    const started = performance.now();
    const input = JSON.parse(job.request) as RenderRequest;
    let templateName: string | null = null;
    const log = (status: 'success' | 'error', sizeBytes: number | null, error: string | null, warnings: readonly RenderWarning[] = []) =>
      ({ templateId: job.template_id, templateName, apiKeyId: job.api_key_id, status, durationMs: performance.now() - started, sizeBytes, error, warnings });
    try {
      const template = await service.resolveTemplate(job.user_id, input);
      templateName = template?.name ?? null;
      const { pdf, warnings } = await service.run(await service.buildJob(job.user_id, template, input, input.data ?? {}), job.user_id);
      const durationMs = Math.round(performance.now() - started);
      const stored = await storeRender(deps, job.user_id, pdf, `${template?.slug ?? 'document'}.pdf`);
      const entry = log('success', pdf.byteLength, null, warnings);
      const mine = await jobs.finish(job, { status: 'succeeded', renderId: stored.id, expiresAt: stored.expiresAt, sizeBytes: pdf.byteLength, durationMs }, (trx) =>
        logs.insert(job.user_id, entry, trx),
      );
      // Another node took the job over (this one stalled past its lease): its result counts.
      if (!mine) await deps.blobs.delete(stored.id);
    } catch (error) {
      const e = error instanceof ApiError ? error : new ApiError(500, 'api_error', 'render_failed', 'The render failed.');
      if (!(error instanceof ApiError)) logger.error('async render crashed', { job: job.id, error: error instanceof Error ? error.message : String(error) });
      const entry = log('error', null, e.message);
      await jobs.finish(job, { status: 'failed', error: { type: e.type, code: e.code, message: e.message } }, async (trx) => {
        if (isLogged(e)) await logs.insert(job.user_id, entry, trx);
      });
    } finally {
      clearInterval(renew);
    }
  }

  async function poll(): Promise<void> {
    const abandoned = await jobs.failAbandoned(async (trx, rows) => {
      for (const job of rows) {
        await logs.insert(job.user_id, { templateId: job.template_id, templateName: null, apiKeyId: job.api_key_id, status: 'error', durationMs: 0, sizeBytes: null, error: 'The render was interrupted.' }, trx);
      }
    });
    void abandoned;
    while (!stopped && running < options.concurrency) {
      const job = await jobs.claim(options.leaseMs);
      if (!job) return;
      running++;
      const task = run(job)
        .catch((e: Error) => logger.error('async render failed to finish', { job: job.id, error: e.message }))
        .finally(() => {
          running--;
          inFlight.delete(task);
        });
      inFlight.add(task);
    }
  }

  let polling = false;
  const timer = setInterval(() => {
    if (polling || stopped) return;
    polling = true;
    poll()
      .catch((e: Error) => logger.error('job poll failed', { error: e.message }))
      .finally(() => (polling = false));
  }, options.pollMs);
  timer.unref();

  return {
    /** Take no more jobs and let those running finish. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
