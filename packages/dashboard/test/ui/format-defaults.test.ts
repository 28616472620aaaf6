import { parseAbsoluteLength, resolveFormat } from '@platen/core';
import { describe, expect, it } from 'vitest';
import { FORMAT_DEFAULTS, PRESET_SIZES } from '../../src/ui/format-defaults.js';

const px = (length: string) => parseAbsoluteLength(length);

describe('the format panel defaults', () => {
  it('are what core resolves for an empty PdfFormat', () => {
    const resolved = resolveFormat({});
    const a4 = resolveFormat({ preset: FORMAT_DEFAULTS.preset });
    expect([resolved.width, resolved.height]).toEqual([a4.width, a4.height]);
    const m = FORMAT_DEFAULTS.margins;
    expect(resolved.margins).toEqual({ top: px(m.top), right: px(m.right), bottom: px(m.bottom), left: px(m.left) });
    expect(resolved.componentGap).toBe(px(FORMAT_DEFAULTS.component_gap));
    expect(resolved.footerPosition).toBe(FORMAT_DEFAULTS.footer_position);
    expect(resolved.horizontalAlign).toBe(FORMAT_DEFAULTS.horizontal_align);
    expect(resolved.verticalAlign).toBe(FORMAT_DEFAULTS.vertical_align);
  });

  it('give each preset the sheet core prints it on', () => {
    for (const [preset, [width, height]] of Object.entries(PRESET_SIZES)) {
      const r = resolveFormat({ preset: preset as keyof typeof PRESET_SIZES });
      const sheet = r.paper ?? r; // a4 is laid out in Chromium's print-API box, printed on 210 × 297 mm
      expect(sheet.width).toBeCloseTo(px(width)!, 6);
      expect(sheet.height).toBeCloseTo(px(height)!, 6);
    }
  });
});
