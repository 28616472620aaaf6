import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BlobStore, SizedStream } from './blob-store.js';

export interface S3Options {
  readonly bucket: string;
  /** Key prefix of every render (`renders/`). */
  readonly prefix: string;
  /** S3-compatible services (MinIO, R2, Ceph…); null → AWS. */
  readonly endpoint: string | null;
  readonly region: string;
  /** null → the SDK's own chain (AWS_* variables, instance roles). */
  readonly accessKeyId: string | null;
  readonly secretAccessKey: string | null;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted stores). */
  readonly forcePathStyle: boolean;
}

const SAFE_ID = /^[a-z0-9_]+$/;

/**
 * One object per render, `<prefix><id>.pdf`, for nodes that share a bucket. Checksums
 * only WHEN_REQUIRED: the SDK's default CRC32 trailers on every upload are refused by
 * several S3-compatible stores.
 */
export function createS3BlobStore(options: S3Options): BlobStore & { readonly client: S3Client } {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;
  const keyOf = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`unsafe blob id ${JSON.stringify(id)}`);
    return `${options.prefix}${id}.pdf`;
  };
  /** The object's body as the SDK receives it (cancelling the stream ends the request). */
  async function open(id: string): Promise<SizedStream | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(id) }));
      if (!object.Body) return null;
      return {
        size: Number(object.ContentLength),
        stream: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      };
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof Error && error.name === 'NoSuchKey')) return null;
      throw error;
    }
  }
  return {
    client,
    async put(id, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(id), Body: bytes, ContentType: 'application/pdf' }));
    },
    async get(id) {
      const object = await open(id);
      return object ? new Uint8Array(await new Response(object.stream).arrayBuffer()) : null;
    },
    open,
    async delete(id) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(id) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async list() {
      const ids: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: options.prefix, ContinuationToken }));
        for (const { Key } of page.Contents ?? []) {
          const name = Key?.slice(options.prefix.length) ?? '';
          if (name.endsWith('.pdf') && SAFE_ID.test(name.slice(0, -4))) ids.push(name.slice(0, -4));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return ids;
    },
  };
}
