import { describe, expect, it } from 'vitest';
import { cleanFormat } from '../../src/ui/clean-format.js';

describe('cleanFormat', () => {
  it('drops unset fields and empty margins so server defaults apply', () => {
    expect(
      cleanFormat({ preset: 'a4', font_family: '  ', color: ' #333 ', margins: { top: '', left: '10mm' } }),
    ).toEqual({ preset: 'a4', color: '#333', margins: { left: '10mm' } });
    expect(cleanFormat({ margins: { top: '', bottom: ' ' } })).toEqual({});
  });
});
