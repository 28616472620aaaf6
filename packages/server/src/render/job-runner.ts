import type { AppDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import type { RenderWarning } from '../render-pool/messages.js';
import type { RenderRequest } from '../schemas/render.js';
import type { Transaction } from 'kysely';
import type { Tables } from '../db/schema.js';
import type { LogEntry } from '../store/logs.js';
import type { JobRow } from '../store/render-jobs.js';
import type { Delivery } from '../store/webhooks.js';
import { guardedPost } from '../webhooks/post.js';
import { signWebhook } from '../webhooks/sign.js';
import { jobView } from './job-view.js';
import type { RenderService } from './render-service.js';
import { isLogged, storeRender } from './stored.js';

/** Webhook attempts one node makes at once, and how long one may take. */
const WEBHOOKS_AT_ONCE = 4;
const WEBHOOK_TIMEOUT_MS = 10_000;

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
  const { jobs, logs, logger, webhooks, config } = deps;

  /** The job's end, in its finishing transaction: its log row and its webhook, each once. */
  const ending = (entry: LogEntry | null) => async (trx: Transaction<Tables>, row: JobRow) => {
    if (entry) await logs.insert(row.user_id, entry, trx);
    if (row.webhook_url) {
      const body = JSON.stringify({
        type: row.status === 'succeeded' ? 'render.succeeded' : 'render.failed',
        data: jobView(row, config.secret),
      });
      await webhooks.enqueue(trx, { userId: row.user_id, jobId: row.id, url: row.webhook_url, body });
    }
  };
  let running = 0;
  let delivering = 0;

  /** One attempt of one webhook (Standard Webhooks headers), through the address guard. */
  async function deliver(delivery: Delivery & { secret: string }): Promise<void> {
    const timestamp = Math.floor(config.now() / 1000);
    const headers = {
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(delivery.secret, delivery.id, timestamp, delivery.body),
      'user-agent': 'Platen-Webhooks',
    };
    const result = await guardedPost(
      delivery.url,
      delivery.body,
      headers,
      config.allowPrivateNetwork,
      WEBHOOK_TIMEOUT_MS,
    );
    await webhooks
      .settle(delivery, result.ok ? null : result.reason)
      .catch((e: Error) => logger.error('webhook settle failed', { delivery: delivery.id, error: e.message }));
  }
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  /** Jobs this node is running, to give back when it stops before they end. */
  const runningJobs = new Set<JobRow>();

  async function run(job: JobRow): Promise<void> {
    runningJobs.add(job);
    const renew = setInterval(() => void jobs.renew(job, options.leaseMs).catch(() => undefined), options.leaseMs / 3);
    const started = performance.now();
    const input = JSON.parse(job.request) as RenderRequest;
    let templateName: string | null = null;
    const log = (
      status: 'success' | 'error',
      sizeBytes: number | null,
      error: string | null,
      warnings: readonly RenderWarning[] = [],
    ) => ({
      templateId: job.template_id,
      templateName,
      apiKeyId: job.api_key_id,
      status,
      durationMs: performance.now() - started,
      sizeBytes,
      error,
      warnings,
    });
    try {
      const template = await service.resolveTemplate(job.user_id, input);
      templateName = template?.name ?? null;
      const { pdf, warnings } = await service.run(
        await service.buildJob(job.user_id, template, input, input.data ?? {}),
        job.user_id,
      );
      const durationMs = Math.round(performance.now() - started);
      const stored = await storeRender(deps, job.user_id, pdf, `${template?.slug ?? 'document'}.pdf`);
      const entry = log('success', pdf.byteLength, null, warnings);
      const mine = await jobs.finish(
        job,
        {
          status: 'succeeded',
          renderId: stored.id,
          expiresAt: stored.expiresAt,
          sizeBytes: pdf.byteLength,
          durationMs,
        },
        ending(entry),
      );
      // Another node took the job over (this one stalled past its lease): its result counts.
      if (!mine) await deps.blobs.delete(stored.id);
    } catch (error) {
      const e =
        error instanceof ApiError ? error : new ApiError(500, 'api_error', 'render_failed', 'The render failed.');
      if (!(error instanceof ApiError))
        logger.error('async render crashed', {
          job: job.id,
          error: error instanceof Error ? error.message : String(error),
        });
      const entry = log('error', null, e.message);
      await jobs.finish(
        job,
        { status: 'failed', error: { type: e.type, code: e.code, message: e.message } },
        ending(isLogged(e) ? entry : null),
      );
    } finally {
      clearInterval(renew);
      runningJobs.delete(job);
    }
  }

  async function poll(): Promise<void> {
    await jobs.failAbandoned(async (trx, rows) => {
      for (const job of rows) {
        await ending({
          templateId: job.template_id,
          templateName: null,
          apiKeyId: job.api_key_id,
          status: 'error',
          durationMs: 0,
          sizeBytes: null,
          error: 'The render was interrupted.',
        })(trx, job);
      }
    });
    while (!stopped && delivering < WEBHOOKS_AT_ONCE) {
      const delivery = await webhooks.claim(WEBHOOK_TIMEOUT_MS * 2);
      if (!delivery) break;
      delivering++;
      const task = deliver(delivery).finally(() => {
        delivering--;
        inFlight.delete(task);
      });
      inFlight.add(task);
    }
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

  let polling: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (polling || stopped) return;
    polling = poll()
      .catch((e: Error) => logger.error('job poll failed', { error: e.message }))
      .finally(() => (polling = null));
  }, options.pollMs);
  timer.unref();

  return {
    /**
     * Take no more jobs and let those running (and webhook attempts) finish within `graceMs`;
     * jobs still running then are given back to the queue for another node.
     */
    async stop(graceMs: number): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await polling; // a claim under way ends in inFlight
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(inFlight), new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
      await Promise.all(
        [...runningJobs].map((job) =>
          jobs.release(job).catch((e: Error) => logger.error('job release failed', { job: job.id, error: e.message })),
        ),
      );
    },
  };
}
