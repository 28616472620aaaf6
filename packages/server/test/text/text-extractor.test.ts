import { afterEach, describe, expect, it } from 'vitest';
import { createTextExtractor, type TextExtractor } from '../../src/text/text-extractor.js';

let extractor: TextExtractor;
afterEach(() => extractor.close());

describe('text extractor', () => {
  // Its heap grows with the large inputs it reads and V8 gives little back: the load test's
  // 1 MB templates left the server process 60 MB larger while the thread lived on.
  it(
    'reads large HTML in a worker thread that stops when idle and starts again when needed',
    { timeout: 30_000 },
    async () => {
      extractor = createTextExtractor({ inlineLength: 100, memoryMb: 64, idleMs: 200 });
      const html = `<p>${'word '.repeat(1000)}</p>`;
      expect(await extractor.plainText(html)).toContain('word word');
      expect(extractor.running()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(extractor.running()).toBe(false);
      expect(await extractor.preview(html)).toContain('word');
      expect(extractor.running()).toBe(true);
      expect(await extractor.plainText('<p>small</p>')).toBe('small'); // inline, no worker needed
    },
  );
});
