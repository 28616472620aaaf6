import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from 'h3';
import { createApp } from './app.js';
import { startJobRunner } from './render/job-runner.js';
import { createRenderService } from './render/render-service.js';
import { createBlobStore } from './blob-store.js';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/open.js';
import { createSharedFailureCounter, createSharedRateLimiter, sweepSharedLimits } from './store/limits.js';
import type { AppDeps } from './deps.js';
import { createFailureCounter, createRateLimiter } from './http/rate-limit.js';
import { createJsonLogger } from './logger.js';
import { withClusterSlots } from './render-pool/cluster-slots.js';
import { createRenderPool, type RenderPool } from './render-pool/pool.js';
import type { WorkerMemory } from './render-pool/messages.js';
import { createApiKeyStore } from './store/api-keys.js';
import { createComponentStore } from './store/components.js';
import { createLogStore } from './store/logs.js';
import { createQuotaStore } from './store/quotas.js';
import { createRenderSlotStore } from './store/render-slots.js';
import { createRenderStore } from './store/renders.js';
import { createRenderJobStore } from './store/render-jobs.js';
import { createWebhookStore } from './store/webhooks.js';
import { createSchedule } from './store/schedule.js';
import { createSessionStore } from './store/sessions.js';
import { createTemplateStore } from './store/templates.js';
import { createUserStore } from './store/users.js';
import { createTextExtractor, INLINE_TEXT_LENGTH } from './text/text-extractor.js';

export interface RunningServer {
  /** Base URL the server listens on, e.g. http://127.0.0.1:3000. */
  readonly url: string;
  /** Where each render worker's memory is (diagnostics: the load test); `gc` collects garbage first. */
  renderWorkerMemory(gc: boolean): Promise<WorkerMemory[]>;
  close(): Promise<void>;
}

const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * Rate limits and login throttling: in PostgreSQL when nodes share it (every node counts into
 * the same buckets), else in this process.
 */
function limits(
  db: Db,
  config: Config,
): Pick<AppDeps, 'rateLimiter' | 'accountRateLimiter' | 'sessionWriteLimiter' | 'loginFailures'> {
  const { now } = config;
  const shared = db.kind === 'postgres';
  const limiter = (name: string, perMinute: number, burst: number) =>
    shared ? createSharedRateLimiter(db, name, perMinute, burst, now) : createRateLimiter(perMinute, burst, now);
  const counter = (name: string, max: number) =>
    shared
      ? createSharedFailureCounter(db, name, max, LOGIN_WINDOW_MS, now)
      : createFailureCounter(max, LOGIN_WINDOW_MS, now);
  return {
    rateLimiter: limiter('key', config.rateLimitPerMinute, config.rateLimitBurst),
    accountRateLimiter: limiter('account', config.accountRateLimitPerMinute, config.accountRateLimitPerMinute),
    sessionWriteLimiter: limiter('session_write', config.sessionWriteLimitPerMinute, config.sessionWriteLimitPerMinute),
    loginFailures: { byEmail: counter('email', 10), byAddress: counter('address', 50) },
  };
}

/**
 * The pool synchronous renders (`/render`, previews) go through. Nodes sharing PostgreSQL
 * count each account's renders over all of them (leased slots); alone on SQLite, the pool's
 * own per-account cap does. Async renders are claimed fairly across nodes by the job queue.
 */
function syncRenderPool(deps: AppDeps): RenderPool {
  const { db, config, logger, pool } = deps;
  if (db.kind !== 'postgres') return pool;
  const slots = createRenderSlotStore(db, { workers: config.renderWorkers, leaseMs: config.renderSlotLeaseMs });
  return withClusterSlots(pool, slots, {
    cap: config.clusterRenderWorkersPerAccount,
    leaseMs: config.renderSlotLeaseMs,
    onError: (message, error) => logger.error(message, { error: error.message }),
  });
}

/** Open the data directory and wire every store and service. */
export async function createDeps(config: Config): Promise<AppDeps> {
  const db = await openDatabase(config);
  const now = config.now;
  return {
    config,
    db,
    logger: config.logger ?? createJsonLogger(config.logRequests),
    pool: createRenderPool({
      size: config.renderWorkers,
      timeoutMs: config.renderTimeoutMs,
      memoryMb: config.renderMemoryMb,
      rssMb: config.renderRssMb,
      recycleMb: config.renderRecycleMb,
      semiSpaceMb: config.renderSemiSpaceMb,
      workerUrl: config.renderWorkerUrl,
      perAccount: config.renderWorkersPerAccount,
    }),
    blobs: await createBlobStore(config),
    text: createTextExtractor({ inlineLength: INLINE_TEXT_LENGTH, memoryMb: config.renderMemoryMb }),
    users: createUserStore(db, now),
    sessions: createSessionStore(db, now, config.sessionTtlSeconds),
    apiKeys: createApiKeyStore(db, now),
    templates: createTemplateStore(db, now),
    components: createComponentStore(db, now),
    logs: createLogStore(db, now),
    renders: createRenderStore(db, now),
    jobs: createRenderJobStore(db, now),
    webhooks: createWebhookStore(db, now),
    quotas: createQuotaStore(db),
    ...limits(db, config),
  };
}

/**
 * Delete expired stored renders (rows, then files), expired sessions, and
 * files whose row is gone (a crash between an account deletion's commit and
 * its file removal).
 */
export async function sweep(deps: AppDeps): Promise<void> {
  await deps.sessions.sweep();
  if (deps.db.kind === 'postgres') await sweepSharedLimits(deps.db, LOGIN_WINDOW_MS, deps.config.now);
  for (const id of await deps.renders.takeExpired()) await deps.blobs.delete(id);
  for (const id of await deps.blobs.list()) if (!(await deps.renders.get(id))) await deps.blobs.delete(id);
}

/** Start the HTTP server (what `platen serve` calls). Port 0 picks a free port. */
export async function startServer(config: Config): Promise<RunningServer> {
  const deps = await createDeps(config);
  let draining = false;
  const service = createRenderService(deps);
  const syncPool = syncRenderPool(deps);
  const app = createApp(deps, createRenderService({ ...deps, pool: syncPool }), () => draining);
  const server = createServer(toNodeHandler(app));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const runner = startJobRunner(deps, service, {
    pollMs: config.jobPollMs,
    leaseMs: config.jobLeaseMs,
    concurrency: config.renderWorkers,
  });
  // One sweep per interval for the whole cluster: each node's timer (twice per interval, so
  // that the sweep is at most half an interval late) only offers to run it.
  const schedule = createSchedule(deps.db, config.now);
  const sweepIfDue = async () => {
    if (await schedule.claim('sweep', config.sweepIntervalMs)) await sweep(deps);
  };
  const timer = setInterval(
    () => void sweepIfDue().catch((e: Error) => deps.logger.error('sweep failed', { error: e.message })),
    config.sweepIntervalMs / 2,
  );
  timer.unref();
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  return {
    url: `http://${host}:${port}`,
    renderWorkerMemory: (gc) => deps.pool.memory(gc),
    /**
     * Drain, then stop: `/readyz` answers 503 at once; the node takes no more async jobs and
     * lets its running ones finish (those still running after the render time limit are
     * released to another node) while it goes on answering for `drainDelayMs`, so that
     * balancers take it out; then it stops accepting, lets requests in flight finish (up to
     * the render time limit) and releases everything.
     */
    async close() {
      clearInterval(timer);
      draining = true;
      await Promise.all([
        runner.stop(config.renderTimeoutMs + 1000),
        new Promise((resolve) => setTimeout(resolve, config.drainDelayMs)),
      ]);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        closed,
        new Promise<void>((resolve) => (grace = setTimeout(resolve, config.renderTimeoutMs + 1000))),
      ]);
      clearTimeout(grace);
      server.closeAllConnections();
      await closed;
      await syncPool.close();
      await deps.pool.close();
      await deps.text.close();
      await deps.db.close();
    },
  };
}
