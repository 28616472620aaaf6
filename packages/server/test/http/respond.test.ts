import { describe, expect, it } from 'vitest';
import { pdfResponse } from '../../src/http/respond.js';

describe('pdfResponse warnings headers', () => {
  const pdf = new TextEncoder().encode('%PDF-1.7');

  it('has none without warnings', () => {
    const res = pdfResponse(pdf, 'a.pdf');
    expect(res.headers.get('platen-warnings')).toBeNull();
    expect(res.headers.get('platen-warning-count')).toBeNull();
  });

  it('escapes non-ASCII so the header stays valid, and JSON.parse gives the text back', () => {
    const warnings = [{ code: 'missing_glyph', message: 'No font has “✓” (U+2713) for Zoë' }];
    const header = pdfResponse(pdf, 'a.pdf', warnings).headers.get('platen-warnings')!;
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(header)).toEqual(warnings);
  });

  it('keeps as many warnings as fit in 4 KB and counts them all', () => {
    const warnings = Array.from({ length: 50 }, (_, i) => ({
      code: 'resource_not_loaded',
      message: `https://cdn.example/${'x'.repeat(100)}/${i}.png: HTTP 404`,
    }));
    const res = pdfResponse(pdf, 'a.pdf', warnings);
    const header = res.headers.get('platen-warnings')!;
    expect(header.length).toBeLessThanOrEqual(4096);
    const kept = JSON.parse(header) as unknown[];
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(warnings.slice(0, kept.length));
    expect(res.headers.get('platen-warning-count')).toBe('50');
  });
});
