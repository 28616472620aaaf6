import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver: an S3-compatible server in-process. It checks no signatures: never use it to test auth.
import S3rver from 's3rver';

export interface TestS3 {
  /** http://127.0.0.1:port */
  readonly endpoint: string;
  readonly bucket: string;
  stop(): Promise<void>;
}

/** An S3-compatible server on 127.0.0.1:0 with one bucket, its objects in a temp folder. */
export async function startS3(bucket = 'platen'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'platen-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The S3 settings of a server storing under `prefix` in `s3`'s bucket (s3rver takes any keys). */
export function s3Config(s3: Pick<TestS3, 'endpoint' | 'bucket'>, prefix: string) {
  return {
    bucket: s3.bucket,
    prefix,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}
