import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { toNodeHandler } from 'h3';
import { createApp } from './app.js';
import { createFileBlobStore } from './blob-store.js';
import type { Config } from './config.js';
import { openDatabase } from './db/open.js';
import type { AppDeps } from './deps.js';
import { createFailureCounter, createRateLimiter } from './http/rate-limit.js';
import { createJsonLogger } from './logger.js';
import { createRenderPool } from './render-pool/pool.js';
import { createApiKeyStore } from './store/api-keys.js';
import { createComponentStore } from './store/components.js';
import { createLogStore } from './store/logs.js';
import { createQuotaStore } from './store/quotas.js';
import { createRenderStore } from './store/renders.js';
import { createSessionStore } from './store/sessions.js';
import { createTemplateStore } from './store/templates.js';
import { createUserStore } from './store/users.js';
import { createTextExtractor, INLINE_TEXT_LENGTH } from './text/text-extractor.js';

export interface RunningServer {
  /** Base URL the server listens on, e.g. http://127.0.0.1:3000. */
  readonly url: string;
  close(): Promise<void>;
}

const LOGIN_WINDOW_MS = 15 * 60_000;

/** Open the data directory and wire every store and service. */
export async function createDeps(config: Config): Promise<AppDeps> {
  const db = await openDatabase(config);
  const now = config.now;
  return {
    config,
    db,
    logger: config.logger ?? createJsonLogger(config.logRequests),
    pool: createRenderPool({ size: config.renderWorkers, timeoutMs: config.renderTimeoutMs, memoryMb: config.renderMemoryMb, rssMb: config.renderRssMb, workerUrl: config.renderWorkerUrl, perAccount: config.renderWorkersPerAccount }),
    blobs: createFileBlobStore(join(config.dataDir, 'renders')),
    text: createTextExtractor({ inlineLength: INLINE_TEXT_LENGTH, memoryMb: config.renderMemoryMb }),
    users: createUserStore(db, now),
    sessions: createSessionStore(db, now, config.sessionTtlSeconds),
    apiKeys: createApiKeyStore(db, now),
    templates: createTemplateStore(db, now),
    components: createComponentStore(db, now),
    logs: createLogStore(db, now),
    renders: createRenderStore(db, now),
    quotas: createQuotaStore(db),
    rateLimiter: createRateLimiter(config.rateLimitPerMinute, config.rateLimitBurst, now),
    accountRateLimiter: createRateLimiter(config.accountRateLimitPerMinute, config.accountRateLimitPerMinute, now),
    sessionWriteLimiter: createRateLimiter(config.sessionWriteLimitPerMinute, config.sessionWriteLimitPerMinute, now),
    loginFailures: { byEmail: createFailureCounter(10, LOGIN_WINDOW_MS, now), byAddress: createFailureCounter(50, LOGIN_WINDOW_MS, now) },
  };
}

/**
 * Delete expired stored renders (rows, then files), expired sessions, and
 * files whose row is gone (a crash between an account deletion's commit and
 * its file removal).
 */
export async function sweep(deps: AppDeps): Promise<void> {
  await deps.sessions.sweep();
  for (const id of await deps.renders.takeExpired()) await deps.blobs.delete(id);
  for (const id of await deps.blobs.list()) if (!(await deps.renders.get(id))) await deps.blobs.delete(id);
}

/** Start the HTTP server (what `platen serve` calls). Port 0 picks a free port. */
export async function startServer(config: Config): Promise<RunningServer> {
  const deps = await createDeps(config);
  const app = createApp(deps);
  const server = createServer(toNodeHandler(app));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const timer = setInterval(() => void sweep(deps).catch((e: Error) => deps.logger.error('sweep failed', { error: e.message })), config.sweepIntervalMs);
  timer.unref();
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  return {
    url: `http://${host}:${port}`,
    /** Stop accepting, let requests in flight finish (up to the render time limit), then release everything. */
    async close() {
      clearInterval(timer);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise<void>((resolve) => (grace = setTimeout(resolve, config.renderTimeoutMs + 1000)))]);
      clearTimeout(grace);
      server.closeAllConnections();
      await closed;
      await deps.pool.close();
      await deps.text.close();
      await deps.db.close();
    },
  };
}
