import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/** The parts of PDFKit's encryption (PDFSecurity, AES-256 "1.7ext3") this module rewrites. */
interface PdfKitSecurity {
  readonly encryptionKey: Uint8Array;
  readonly dictionary: { data: Record<string, unknown> };
}

/**
 * PDFKit writes AES-256 as revision 5 (Adobe's extension level 3), whose password check is
 * one SHA-256: cheap to guess offline. PDF 2.0 replaced it with revision 6 (ISO 32000-2
 * §7.6.4.3.3, Algorithm 2.B: a key stretched by 64 or more rounds of AES and SHA-2). Same
 * file key, cipher and permissions: only the password entries U, UE, O and OE and /R change,
 * and the catalog names extension level 8 for PDF 1.7 readers.
 */
export function upgradeToRevision6(doc: unknown, userPassword: string, ownerPassword: string): void {
  const d = doc as { _security: PdfKitSecurity | null; _root: { data: Record<string, unknown> } };
  const security = d._security;
  if (!security) return;
  const fileKey = Buffer.from(security.encryptionKey);
  const user = preparePassword(userPassword);
  const owner = preparePassword(ownerPassword);
  const [uValidation, uKey, oValidation, oKey] = [randomBytes(8), randomBytes(8), randomBytes(8), randomBytes(8)];
  const U = Buffer.concat([hash2B(user, uValidation, Buffer.alloc(0)), uValidation, uKey]);
  const O = Buffer.concat([hash2B(owner, oValidation, U), oValidation, oKey]);
  const dict = security.dictionary.data;
  dict['R'] = 6;
  dict['U'] = new Uint8Array(U);
  dict['UE'] = new Uint8Array(aes256NoIv(hash2B(user, uKey, Buffer.alloc(0)), fileKey));
  dict['O'] = new Uint8Array(O);
  dict['OE'] = new Uint8Array(aes256NoIv(hash2B(owner, oKey, U), fileKey));
  d._root.data['Extensions'] = { ADBE: { BaseVersion: '1.7', ExtensionLevel: 8 } };
}

/** Algorithm 2.B (ISO 32000-2 §7.6.4.3.4): the hash of a password with a salt (and U, for the owner). */
export function hash2B(password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let k = createHash('sha256').update(password).update(salt).update(userKey).digest();
  for (let round = 0; ; round++) {
    const k1 = Buffer.concat([password, k, userKey]);
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    const e = Buffer.concat([cipher.update(Buffer.concat(Array<Buffer>(64).fill(k1))), cipher.final()]);
    // The first 16 bytes of E as a number, modulo 3, is the sum of those bytes modulo 3 (256 ≡ 1).
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i]!;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!)
      .update(e)
      .digest();
    if (round >= 63 && e[e.length - 1]! <= round + 1 - 32) return k.subarray(0, 32);
  }
}

function aes256NoIv(key: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, Buffer.alloc(16)).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/**
 * SASLprep (RFC 4013) as readers apply it before hashing, for the passwords checkPdfOptions
 * lets through (no control characters): non-ASCII spaces become spaces, characters "mapped to
 * nothing" go, NFKC; then UTF-8, at most 127 bytes.
 */
function preparePassword(password: string): Buffer {
  // SASLprep's tables list code points, combining ones included: a class of single code points is meant.
  /* eslint-disable no-misleading-character-class */
  const mapped = password
    .replace(/[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u00ad\u034f\u1806\u180b-\u180d\u200c\u200d\u2060\ufe00-\ufe0f\ufeff]/g, '')
    .normalize('NFKC');
  /* eslint-enable no-misleading-character-class */
  return Buffer.from(mapped, 'utf8').subarray(0, 127);
}
