/**
 * Remote-resource fan-out (issue 17 #12): one 84 KB document made 1,192 requests to one host
 * with 576 connections open at once. A render now fetches at most 256 resources, 64 MiB,
 * 8 at a time, and every render of a thread together holds at most 6 connections per host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceLoader } from '../../packages/core/src/resources/loader.js';
import { expectPdf, attempt, PNG_1PX, startRecorder, type Recorder } from './helpers.js';

let recorder: Recorder;
let open = 0;
let mostOpen = 0;

beforeAll(async () => {
  // Each answer waits 20 ms, so fetches that are allowed to overlap do.
  recorder = await startRecorder((req, res) => {
    mostOpen = Math.max(mostOpen, ++open);
    const body = req.url?.startsWith('/mb/') ? Buffer.alloc(1 << 20, 1) : PNG_1PX;
    setTimeout(() => {
      open--;
      res
        .writeHead(200, { 'content-type': req.url?.startsWith('/mb/') ? 'application/octet-stream' : 'image/png' })
        .end(body);
    }, 20);
  });
});
afterAll(() => recorder.close());

describe('remote resources per render', () => {
  it('fetches at most 256 resources, 6 connections per host at a time, and still renders', async () => {
    recorder.hits.length = 0;
    mostOpen = 0;
    const html =
      Array.from({ length: 600 }, (_, i) => `<img src="${recorder.url}/img/${i}.png" width="1" height="1">`).join('') +
      '<p>after</p>';
    const outcome = await attempt({ html, allowPrivateNetwork: true });
    const result = expectPdf(outcome);
    expect(recorder.hits.length).toBe(256);
    expect(mostOpen).toBeLessThanOrEqual(6);
    expect(mostOpen).toBeGreaterThan(1); // the control: fetches do overlap
    expect(result.diagnostics.filter((d) => d.message.includes('more than 256 remote resources'))).toHaveLength(
      600 - 256,
    );
  }, 60_000);

  it('stops fetching once a render has fetched its byte budget', async () => {
    const loader = createResourceLoader({
      allowFile: false,
      allowPrivateNetwork: true,
      budget: { maxTotalBytes: 2.5 * (1 << 20), maxConcurrent: 1 },
    });
    const loaded = [];
    for (let i = 0; i < 5; i++) loaded.push(await loader.load(`${recorder.url}/mb/${i}.bin`, 'font'));
    expect(loaded.map((r) => r !== null)).toEqual([true, true, false, false, false]);
    expect(loader.warnings.some((w) => /bytes/.test(w.message))).toBe(true);
  });
});
