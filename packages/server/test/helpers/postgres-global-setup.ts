import type { TestProject } from 'vitest/node';
import { startPostgres, type TestPostgres } from './postgres.js';

let server: TestPostgres | undefined;

/** One PostgreSQL server for the `server-postgres` project: each test server gets its own database on it. */
export async function setup(project: TestProject): Promise<void> {
  server = await startPostgres();
  project.provide('postgresUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
