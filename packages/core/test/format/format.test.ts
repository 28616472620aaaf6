import { describe, expect, it } from 'vitest';
import { mergeFormats, resolveFormat, type PdfFormat } from '../../src/format.js';
import { InvalidFormatError } from '../../src/errors.js';

const MM = 96 / 25.4;
// The a4 preset: Chromium's print-API A4, 596 × 843 pt (src/format.ts).
const A4_W = (596 * 96) / 72;
const A4_H = (843 * 96) / 72;

describe('resolveFormat', () => {
  it('defaults to A4 portrait with 20mm/15mm margins', () => {
    const f = resolveFormat(undefined);
    expect(f.width).toBeCloseTo(A4_W, 6);
    expect(f.height).toBeCloseTo(A4_H, 6);
    expect(f.margins.top).toBeCloseTo(20 * MM, 6);
    expect(f.margins.bottom).toBeCloseTo(20 * MM, 6);
    expect(f.margins.left).toBeCloseTo(15 * MM, 6);
    expect(f.margins.right).toBeCloseTo(15 * MM, 6);
    expect(f.footerPosition).toBe('after-content');
    expect(f.fontFamily).toBeNull();
  });

  // DECISIONS.md: the a4 sheet is 210 × 297 mm; content is laid out in Chromium's print-API A4 box.
  it('prints a4 on an exact 210 × 297 mm sheet, landscape too; other presets need no separate sheet', () => {
    expect(resolveFormat({ preset: 'a4' }).paper).toEqual({
      width: expect.closeTo(210 * MM, 6),
      height: expect.closeTo(297 * MM, 6),
    });
    expect(resolveFormat({ preset: 'a4-landscape' }).paper).toEqual({
      width: expect.closeTo(297 * MM, 6),
      height: expect.closeTo(210 * MM, 6),
    });
    expect(resolveFormat({ preset: 'a4-landscape' }).width).toBeCloseTo(A4_H, 6);
    expect(resolveFormat({ preset: 'letter' }).paper).toBeUndefined();
    expect(resolveFormat({ preset: 'custom', width: '100mm', height: '100mm' }).paper).toBeUndefined();
  });

  it.each<[PdfFormat, number, number]>([
    [{ preset: 'letter' }, 816, 1056],
    [{ preset: 'letter-landscape' }, 1056, 816],
    [{ preset: 'a4-landscape' }, A4_H, A4_W],
    [{ preset: 'square' }, 210 * MM, 210 * MM],
    [{ preset: 'custom', width: '80mm', height: '4in' }, 80 * MM, 384],
    [
      { preset: 'custom', width: '.5in', height: '1e1mm', margins: { top: '0', bottom: '0', left: '0', right: '0' } },
      48,
      10 * MM,
    ],
    [{ preset: 'custom', width: '20E1MM', height: '+72PT', margins: { top: '0', bottom: '0' } }, 200 * MM, 96],
    [{ width: '100mm', height: '150mm' }, 100 * MM, 150 * MM],
    [{ preset: 'letter', width: '100mm', height: '150mm' }, 816, 1056],
    [{ width: '100mm' }, A4_W, A4_H],
  ])('page size of %j', (format, w, h) => {
    const f = resolveFormat(format);
    expect(f.width).toBeCloseTo(w, 6);
    expect(f.height).toBeCloseTo(h, 6);
  });

  it.each<[PdfFormat, string]>([
    [{ preset: 'a5' }, 'format.preset'],
    [{ preset: 'custom' }, 'format.width'],
    [{ preset: 'custom', width: '100mm' }, 'format.height'],
    [{ preset: 'custom', width: 'wide', height: '10mm' }, 'format.width'],
    [{ preset: 'custom', width: '5mm', height: '100mm' }, 'format.width'],
    [{ preset: 'custom', width: '100mm', height: '5001mm' }, 'format.height'],
    [{ margins: { top: 'x' } }, 'format.margins.top'],
    [{ margins: { left: '-1mm' } }, 'format.margins.left'],
    [{ margins: { left: '100mm', right: '111mm' } }, 'format.margins'],
    [{ preset: 'custom', width: '20mm', height: '20mm', margins: { top: '10mm', bottom: '10mm' } }, 'format.margins'],
    [{ footer_position: 'top' }, 'format.footer_position'],
    [{ vertical_align: 'middle' }, 'format.vertical_align'],
    [{ horizontal_align: 'justify' }, 'format.horizontal_align'],
    [{ text_align: 'start' }, 'format.text_align'],
    [{ component_gap: 'big' }, 'format.component_gap'],
    [{ color: 'blurple' }, 'format.color'],
    [{ background_color: '#12' }, 'format.background_color'],
    [{ font_size: 'huge' }, 'format.font_size'],
    [{ font_size: '-2px' }, 'format.font_size'],
    [{ line_height: '1.4; color: red' }, 'format.line_height'],
    [{ font_family: 'Arial, 12px' }, 'format.font_family'],
    [{ preset: 'A4' }, 'format.preset'],
    [{ preset: 'custom', width: '100', height: '100mm' }, 'format.width'],
    [{ preset: 'custom', width: '100 mm', height: '100mm' }, 'format.width'],
    [{ preset: 'custom', width: '1e999mm', height: '100mm' }, 'format.width'],
    [{ margins: { top: 10 } } as unknown as PdfFormat, 'format.margins.top'],
    [{ margins: { top: '10' } }, 'format.margins.top'],
  ])('rejects %j at %s', (format, param) => {
    let error: unknown;
    try {
      resolveFormat(format);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidFormatError);
    expect((error as InvalidFormatError).param).toBe(param);
    expect((error as InvalidFormatError).code).toBe('invalid_parameter');
  });

  it.each<PdfFormat>([
    {
      color: 'rgb(10 20 30 / 50%)',
      background_color: 'transparent',
      font_size: 'small',
      line_height: 'normal',
      font_family: '"Open Sans", Arial, sans-serif',
    },
    {
      font_size: '1.2em',
      line_height: '18px',
      google_fonts_url: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;700',
    },
  ])('accepts valid typography %j', (format) => {
    expect(() => resolveFormat(format)).not.toThrow();
  });

  it('uses the given param prefix', () => {
    expect(() => resolveFormat({ preset: 'nope' }, 'pdf_format')).toThrow(
      expect.objectContaining({ param: 'pdf_format.preset' }),
    );
  });

  it('keeps typography as CSS text and lengths in px', () => {
    const f = resolveFormat({
      font_family: 'Georgia, serif',
      font_size: '11pt',
      color: '#333',
      line_height: '1.4',
      text_align: 'justify',
      background_color: '#fafafa',
      component_gap: '5mm',
      margins: { top: '1in', left: '0' },
    });
    expect(f).toMatchObject({
      fontFamily: 'Georgia, serif',
      fontSize: '11pt',
      color: '#333',
      lineHeight: '1.4',
      textAlign: 'justify',
      backgroundColor: '#fafafa',
    });
    expect(f.componentGap).toBeCloseTo(5 * MM, 6);
    expect(f.margins.top).toBe(96);
    expect(f.margins.left).toBe(0);
  });
});

describe('mergeFormats', () => {
  it('merges field by field, later wins, margins per side', () => {
    const merged = mergeFormats(
      { preset: 'letter', color: 'red', margins: { top: '1mm', left: '2mm' } },
      { color: 'blue', margins: { left: '3mm' } },
      undefined,
    );
    expect(merged).toEqual({ preset: 'letter', color: 'blue', margins: { top: '1mm', left: '3mm' } });
  });
});
