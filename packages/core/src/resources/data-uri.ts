/** RFC 2397 `data:[<mediatype>][;base64],<data>`, read in place. */
export function parseDataUri(uri: string): { bytes: Uint8Array; contentType: string } | null {
  const comma = uri.indexOf(',');
  if (!/^data:/i.test(uri) || comma < 0) return null;
  const meta = uri
    .slice(5, comma)
    .split(';')
    .map((p) => p.trim());
  const base64 = meta.length > 1 && meta[meta.length - 1]?.toLowerCase() === 'base64';
  const contentType = (meta[0] ?? '').toLowerCase();
  const payload = uri.slice(comma + 1);
  try {
    if (base64) {
      // Whitespace is common in hand-written data: URIs (and percent-escaped base64).
      const clean = decodeURIComponent(payload).replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) return null;
      return { bytes: Buffer.from(clean, 'base64'), contentType };
    }
    return { bytes: percentDecode(payload), contentType };
  } catch {
    return null;
  }
}

/** Percent-decoding to bytes (not UTF-8 text: the payload may be binary). */
function percentDecode(s: string): Uint8Array {
  const out: number[] = [];
  const utf8 = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] ?? '';
    if (ch === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(...utf8.encode(ch));
    }
  }
  return Uint8Array.from(out);
}
