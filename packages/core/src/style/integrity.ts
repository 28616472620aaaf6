import { createHash } from 'node:crypto';

/*
 * Subresource Integrity (W3C SRI §3.3) for `<link rel=stylesheet integrity=…>`: templates copied
 * from CDN examples carry it. The strongest algorithm named decides; a response matches when its
 * digest equals one of that algorithm's. Chromium applies only CORS-eligible responses to an
 * integrity check: a stylesheet that is not fetched over http(s) (a file next to the template)
 * always fails it, whatever its hash (measured: a local file with its own correct sha384 is not
 * applied when printed from file://).
 */

const STRENGTH: Readonly<Record<string, number>> = { sha256: 1, sha384: 2, sha512: 3 };

/** The `integrity` attribute's hashes by algorithm; empty when it names no known algorithm (no check). */
function parseMetadata(attribute: string): { algorithm: string; digests: string[] } | null {
  let best: { algorithm: string; digests: string[] } | null = null;
  for (const token of attribute.trim().split(/\s+/)) {
    const dash = token.indexOf('-');
    const algorithm = token.slice(0, dash).toLowerCase();
    if (dash <= 0 || STRENGTH[algorithm] === undefined) continue;
    const digest = token.slice(dash + 1).split('?')[0]!;
    if (best === null || STRENGTH[algorithm]! > STRENGTH[best.algorithm]!) best = { algorithm, digests: [digest] };
    else if (algorithm === best.algorithm) best.digests.push(digest);
  }
  return best;
}

/** Null when the stylesheet at `url` with `text` may be applied, else why not. */
export function integrityFailure(attribute: string | undefined, url: string, text: string): string | null {
  const metadata = attribute === undefined ? null : parseMetadata(attribute);
  if (metadata === null) return null;
  if (!/^https?:/i.test(url)) return 'its integrity cannot be checked on a resource not fetched over http(s)';
  const digest = createHash(metadata.algorithm).update(text).digest('base64');
  return metadata.digests.includes(digest)
    ? null
    : `its ${metadata.algorithm} digest does not match the integrity attribute`;
}
