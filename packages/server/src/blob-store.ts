import { constants, mkdirSync } from 'node:fs';
import { access, open as openFile, readdir, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from './config.js';

/** Where stored renders' bytes live: files in the data directory, or an S3 bucket. */
export interface BlobStore {
  put(id: string, bytes: Uint8Array): Promise<void>;
  /** null when the blob does not exist. */
  get(id: string): Promise<Uint8Array | null>;
  /** The blob's bytes as a stream read from the store as it is consumed (cancel it to stop); null when it does not exist. */
  open(id: string): Promise<SizedStream | null>;
  delete(id: string): Promise<void>;
  /** IDs of every stored blob (for the orphan sweep). */
  list(): Promise<string[]>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

/** A blob being read, and its length in bytes. */
export interface SizedStream {
  readonly stream: ReadableStream<Uint8Array>;
  readonly size: number;
}

const isMissing = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOENT';

const SAFE_ID = /^[a-z0-9_]+$/;

/** One file per blob in `dir`; writes go to a temp name first so a crash never leaves half a PDF. */
export function createFileBlobStore(dir: string): BlobStore {
  mkdirSync(dir, { recursive: true });
  const pathOf = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`unsafe blob id ${JSON.stringify(id)}`);
    return join(dir, `${id}.pdf`);
  };
  return {
    async put(id, bytes) {
      const path = pathOf(id);
      try {
        await writeFile(path + '.tmp', bytes);
        await rename(path + '.tmp', path);
      } catch (error) {
        // A full disk leaves half a temp file, which list() never reports: remove it here.
        await rm(path + '.tmp', { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async get(id) {
      try {
        return new Uint8Array(await readFile(pathOf(id)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(id) {
      let file: FileHandle;
      try {
        file = await openFile(pathOf(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const { size } = await file.stat();
      return { size, stream: Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array> };
    },
    async delete(id) {
      await rm(pathOf(id), { force: true });
    },
    async check() {
      await access(dir, constants.W_OK);
    },
    async list() {
      return (await readdir(dir)).filter((f) => f.endsWith('.pdf')).map((f) => f.slice(0, -4));
    },
  };
}

/** The configured store: the S3 bucket when PLATEN_S3_BUCKET is set, else `<dataDir>/renders`. */
export async function createBlobStore(config: Pick<Config, 's3' | 'dataDir'>): Promise<BlobStore> {
  if (!config.s3) return createFileBlobStore(join(config.dataDir, 'renders'));
  // The AWS SDK is loaded only for a bucket: 24 MB of RSS and 175 ms of start-up otherwise spent for nothing.
  const { createS3BlobStore } = await import('./blob-store-s3.js');
  return createS3BlobStore(config.s3);
}
