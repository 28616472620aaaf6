/** What media queries are evaluated against: print, on the default page's content box. */
export interface MediaContext {
  readonly width: number;
  readonly height: number;
}

/**
 * Media Queries 4 for print: `print`/`all` match, `screen` does not; width/height features
 * compare against the default page's content box.
 */
export function matchesMedia(query: string, media: MediaContext): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return q.split(',').some((part) => matchesOneQuery(part.trim(), media));
}

function matchesOneQuery(q: string, media: MediaContext): boolean {
  let negate = false;
  let rest = q;
  if (rest.startsWith('not ')) {
    negate = true;
    rest = rest.slice(4).trim();
  } else if (rest.startsWith('only ')) rest = rest.slice(5).trim();
  const parts = rest.split(/\s+and\s+/);
  let ok = true;
  for (const part of parts) {
    const p = part.trim();
    if (p.startsWith('(')) ok &&= matchesFeature(p.slice(1, p.lastIndexOf(')')).trim(), media);
    else ok &&= p === 'print' || p === 'all';
  }
  return negate ? !ok : ok;
}

const FEATURE_UNITS: Readonly<Record<string, number>> = { px: 1, em: 16, rem: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, pt: 4 / 3, pc: 16 };

function matchesFeature(feature: string, media: MediaContext): boolean {
  const m = /^(min-|max-)?(width|height|device-width|device-height|orientation|color|monochrome)\s*(?::\s*(.+))?$/.exec(feature);
  if (!m) return false;
  const [, prefix, name, value] = m;
  if (name === 'orientation') return value === (media.height >= media.width ? 'portrait' : 'landscape');
  if (name === 'color') return value === undefined || prefix === 'min-' ? true : false;
  if (name === 'monochrome') return prefix === 'max-' || value === '0';
  if (value === undefined) return true;
  const lm = /^([\d.]+)\s*([a-z]*)$/.exec(value.trim());
  if (!lm) return false;
  const px = Number(lm[1]) * (FEATURE_UNITS[lm[2] || 'px'] ?? NaN);
  const actual = name!.endsWith('width') ? media.width : media.height;
  if (prefix === 'min-') return actual >= px;
  if (prefix === 'max-') return actual <= px;
  return Math.abs(actual - px) < 0.5;
}

