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

function toPx(value: string): number | null {
  const lm = /^([\d.]+)\s*([a-z]*)$/.exec(value.trim());
  if (!lm) return null;
  const px = Number(lm[1]) * (FEATURE_UNITS[lm[2] || 'px'] ?? NaN);
  return Number.isFinite(px) ? px : null;
}

function compare(a: number, op: string, b: number): boolean {
  switch (op) {
    case '<': return a < b;
    case '<=': return a <= b + 0.01;
    case '>': return a > b;
    case '>=': return a >= b - 0.01;
    default: return Math.abs(a - b) < 0.5;
  }
}

/** Media Queries 4 §2.4.4 range syntax: `width >= 40rem`, `400px < width <= 60em`. */
function matchesRange(feature: string, media: MediaContext): boolean | null {
  const m = /^([^<>=]+?)\s*(<=|>=|<|>|=)\s*([^<>=]+?)(?:\s*(<=|>=|<|>|=)\s*([^<>=]+))?$/.exec(feature);
  if (!m) return null;
  const [, a, op1, b, op2, c] = m as unknown as [string, string, string, string, string | undefined, string | undefined];
  const actualOf = (name: string): number | null => {
    const n = name.trim();
    return n === 'width' || n === 'device-width' ? media.width : n === 'height' || n === 'device-height' ? media.height : null;
  };
  const flip: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' };
  const mid = actualOf(b);
  if (mid !== null) {
    // `a op1 width op2 c`
    const lo = toPx(a);
    if (lo === null || !compare(mid, flip[op1]!, lo)) return false;
    if (op2 === undefined || c === undefined) return true;
    const hi = toPx(c);
    return hi !== null && compare(mid, op2, hi);
  }
  const left = actualOf(a);
  const right = toPx(b);
  if (left === null || right === null || op2 !== undefined) return false;
  return compare(left, op1, right);
}

function matchesFeature(feature: string, media: MediaContext): boolean {
  const range = matchesRange(feature, media);
  if (range !== null) return range;
  const m = /^(min-|max-)?(width|height|device-width|device-height|orientation|color|monochrome)\s*(?::\s*(.+))?$/.exec(feature);
  if (!m) return false;
  const [, prefix, name, value] = m;
  if (name === 'orientation') return value === (media.height >= media.width ? 'portrait' : 'landscape');
  if (name === 'color') return value === undefined || prefix === 'min-' ? true : false;
  if (name === 'monochrome') return prefix === 'max-' || value === '0';
  if (value === undefined) return true;
  const px = toPx(value);
  if (px === null) return false;
  const actual = name!.endsWith('width') ? media.width : media.height;
  if (prefix === 'min-') return actual >= px;
  if (prefix === 'max-') return actual <= px;
  return Math.abs(actual - px) < 0.5;
}

