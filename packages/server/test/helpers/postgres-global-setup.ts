import type { TestProject } from 'vitest/node';
import { startPostgres, type TestPostgres } from './postgres.js';
import { startS3, type TestS3 } from './s3.js';

let server: TestPostgres | undefined;
let s3: TestS3 | undefined;

/**
 * One PostgreSQL server and one S3-compatible server for the `server-postgres` project: each
 * test server gets its own database and its own key prefix in the bucket.
 */
export async function setup(project: TestProject): Promise<void> {
  server = await startPostgres();
  project.provide('postgresUrl', server.url);
  s3 = await startS3();
  project.provide('s3', { endpoint: s3.endpoint, bucket: s3.bucket });
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await s3?.stop();
}
