import { describe, expect, it } from 'vitest';
import { checkFormat, mergeFormats } from '../../src/render/format.js';

describe('mergeFormats', () => {
  it('takes request fields over template fields, margins per side', () => {
    const merged = mergeFormats(
      { preset: 'letter', color: 'red', margins: { top: '1in', left: '5mm' } },
      { color: 'blue', margins: { top: '0' } },
    );
    expect(merged).toEqual({ preset: 'letter', color: 'blue', margins: { top: '0', left: '5mm' } });
    expect(mergeFormats({ preset: 'square' }, undefined)).toEqual({ preset: 'square' });
  });
});

describe('checkFormat', () => {
  const param = (f: Parameters<typeof checkFormat>[0]) => {
    try {
      checkFormat(f, 'format');
      return null;
    } catch (error) {
      return (error as { param?: string }).param;
    }
  };
  it('names the first missing custom side and margins that leave no content', () => {
    expect(param({ preset: 'custom' })).toBe('format.width');
    expect(param({ preset: 'custom', width: '100mm' })).toBe('format.height');
    expect(param({ preset: 'custom', width: '100mm', height: '50mm', margins: { top: '25mm', bottom: '25mm' } })).toBe(
      'format.margins',
    );
    expect(
      param({
        preset: 'custom',
        width: '100mm',
        height: '50mm',
        margins: { top: '24mm', bottom: '25mm', left: '0', right: '0' },
      }),
    ).toBe(null);
    // Default margins (15mm left/right) apply to sides not given.
    expect(param({ preset: 'custom', width: '30mm', height: '100mm' })).toBe('format.margins');
    expect(param({ preset: 'a4-landscape', margins: { left: '8in', right: '3.6in' } })).toBe(null);
    expect(param({ preset: 'a4-landscape', margins: { left: '8in', right: '3.8in' } })).toBe('format.margins');
  });
});
