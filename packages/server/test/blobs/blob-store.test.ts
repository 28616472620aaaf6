import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileBlobStore, type BlobStore } from '../../src/blob-store.js';
import { createS3BlobStore } from '../../src/blob-store-s3.js';
import { s3Config, startS3, type TestS3 } from '../helpers/s3.js';

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startS3();
  dir = mkdtempSync(join(tmpdir(), 'platen-blobs-'));
});
afterAll(async () => {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

const stores: { name: string; make(): BlobStore }[] = [
  { name: 'files', make: () => createFileBlobStore(dir) },
  { name: 's3', make: () => createS3BlobStore(s3Config(s3, 'node-a/renders/')) },
];

describe.each(stores)('blob store: $name', ({ make }) => {
  it('stores, lists, reads and deletes blobs, and answers null for a missing one', async () => {
    const store = make();
    const pdf = new Uint8Array(300_000).map((_, i) => i % 251);
    await store.put('render_a1', pdf);
    await store.put('render_b2', new Uint8Array([37, 80, 68, 70]));
    expect((await store.list()).sort()).toEqual(['render_a1', 'render_b2']);
    expect(await store.get('render_a1')).toEqual(pdf);
    expect(await store.get('render_missing')).toBeNull();
    await store.delete('render_a1');
    await store.delete('render_a1'); // twice is fine
    expect(await store.list()).toEqual(['render_b2']);
    expect(await store.get('render_a1')).toBeNull();
    await expect(store.put('../etc', new Uint8Array(1))).rejects.toThrow(/unsafe blob id/);
  });

  it('streams a blob as it is read, never whole, and stops reading when cancelled', async () => {
    const store = make();
    const big = new Uint8Array(4 << 20).map((_, i) => (i * 7) % 256);
    await store.put('render_big', big);
    const opened = (await store.open('render_big'))!;
    expect(opened.size).toBe(big.byteLength);
    const reader = opened.stream.getReader();
    const first = await reader.read();
    // The first chunk arrives before the rest of the object has been read.
    expect(first.value!.byteLength).toBeLessThanOrEqual(1 << 20);
    const chunks = [first.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    expect(chunks.length).toBeGreaterThan(4);
    expect(Buffer.concat(chunks).equals(Buffer.from(big))).toBe(true);
    // Many opened and cancelled after one chunk (a client that hangs up): nothing is held open.
    for (let i = 0; i < 60; i++) {
      const partial = (await store.open('render_big'))!;
      const r = partial.stream.getReader();
      await r.read();
      await r.cancel();
    }
    expect((await store.get('render_big'))!.byteLength).toBe(big.byteLength);
    expect(await store.open('render_none')).toBeNull();
    await store.delete('render_big');
  });
});

it('keeps the renders of servers with other prefixes apart in one bucket', async () => {
  const a = createS3BlobStore(s3Config(s3, 'a/'));
  const b = createS3BlobStore(s3Config(s3, 'b/'));
  await a.put('render_x', new Uint8Array([1]));
  expect(await b.list()).toEqual([]);
  expect(await b.get('render_x')).toBeNull();
  expect(await a.list()).toEqual(['render_x']);
});
