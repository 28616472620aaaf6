import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, startServer, type Config, type RequestLog } from '../../src/index.js';

export const FAKE_WORKER = new URL('../fixtures/fake-render-worker.mjs', import.meta.url);

export interface TestServer {
  readonly url: string;
  readonly dataDir: string;
  readonly requests: RequestLog[];
  readonly errors: string[];
  /** Move the injectable clock. */
  advance(ms: number): void;
  now(): number;
  /** Stop the server; `keepData` leaves the data directory for a restart. */
  close(keepData?: boolean): Promise<void>;
  /** Stop and start again on the same data directory. */
  restart(): Promise<TestServer>;
}

/** A real server on 127.0.0.1:0 with a temp data dir, a movable clock and captured logs. */
export async function startTestServer(overrides: Partial<Config> = {}, dataDir?: string, clockStart?: number): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'platen-server-'));
  let time = clockStart ?? Date.now();
  const requests: RequestLog[] = [];
  const errors: string[] = [];
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      renderWorkers: 1,
      renderTimeoutMs: 20_000,
      now: () => time,
      logger: { request: (e) => requests.push(e), error: (m, d) => errors.push(`${m} ${JSON.stringify(d)}`) },
      ...overrides,
    },
  );
  const server = await startServer(config);
  const handle: TestServer = {
    url: server.url,
    dataDir: dir,
    requests,
    errors,
    advance: (ms) => {
      time += ms;
    },
    now: () => time,
    async close(keepData = false) {
      await server.close();
      if (!keepData) rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await server.close();
      return startTestServer(overrides, dir, time);
    },
  };
  return handle;
}
