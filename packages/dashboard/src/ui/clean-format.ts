import type { Margins, PdfFormat } from '../types.js';

/** Drops unset fields so the stored/sent object carries only what the user chose. */
export function cleanFormat(f: PdfFormat): PdfFormat {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (k === 'margins' && v && typeof v === 'object') {
      const m = Object.fromEntries(
        Object.entries(v as Margins).filter(([, x]) => typeof x === 'string' && x.trim() !== ''),
      );
      if (Object.keys(m).length > 0) out.margins = m;
    } else if (typeof v === 'string' && v.trim() !== '') {
      out[k] = v.trim();
    }
  }
  return out as PdfFormat;
}
