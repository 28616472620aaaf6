import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { createResourceLoader } from '../../src/resources/loader.js';
import type { Diagnostic } from '@platen/layout';
import { loadImages } from '../../src/resources/load-images.js';

const dataUri = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

describe('loadImages', () => {
  it('loads, sizes and normalises images; reports the ones it cannot use', async () => {
    const png16 = new PNG({ width: 3, height: 2, bitDepth: 16, colorType: 6, inputHasAlpha: true });
    png16.data.fill(255);
    const bytes16 = PNG.sync.write(png16, { bitDepth: 16, colorType: 6, inputHasAlpha: true });
    const gif = Uint8Array.from([
      ...Buffer.from('GIF89a'),
      1,
      0,
      1,
      0,
      0x80,
      0,
      0,
      255,
      0,
      0,
      0,
      0,
      0,
      0x2c,
      0,
      0,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
      2,
      2,
      0x44,
      0x01,
      0,
      0x3b,
    ]);
    const diagnostics: Diagnostic[] = [];
    const good = new PNG({ width: 4, height: 4 });
    const damaged = Buffer.from(PNG.sync.write(good));
    damaged.fill(0x55, 41, 60); // inside the IDAT data: Chromium shows what it decodes (nothing)
    const corrupt = damaged.subarray(0, 33); // IHDR only
    const srcs = [
      dataUri(bytes16, 'image/png'),
      dataUri(gif, 'image/gif'),
      'data:text/plain,hello',
      dataUri(corrupt, 'image/png'),
      dataUri(damaged, 'image/png'),
    ];
    const images = await loadImages(createResourceLoader({ allowFile: false }), srcs, diagnostics);
    const png = images.get(srcs[0] ?? '');
    expect([png?.format, png?.width, png?.height, png?.bytes[24]]).toEqual(['png', 3, 2, 8]);
    const fromGif = images.get(srcs[1] ?? '');
    expect([fromGif?.format, fromGif?.width]).toEqual(['png', 1]);
    expect(images.has(srcs[2] ?? '')).toBe(false);
    expect(images.has(srcs[3] ?? '')).toBe(false);
    const shown = PNG.sync.read(Buffer.from(images.get(srcs[4] ?? '')?.bytes ?? []));
    expect([shown.width, shown.data[3]]).toEqual([4, 0]);
    expect(diagnostics.map((d) => d.message.replace(/^.*: /, ''))).toEqual([
      'unknown image format',
      'corrupt PNG data',
    ]);
  });
});
