import { createRequire } from 'node:module';
import type Forge from 'node-forge';
import { InvalidOptionError } from '../errors.js';
import type { PdfSignatureOptions } from './options.js';

/*
 * PKCS#12 reading, apart from sign.ts: a server reads its certificate at start, while renders
 * load the signing code (node-forge, @signpdf: ~50 ms of a cold process) only to sign.
 */
const require = createRequire(import.meta.url);
let forgeModule: typeof Forge | undefined;
export const loadForge = (): typeof Forge => (forgeModule ??= require('node-forge') as typeof Forge);

/** The key and its certificate first, then the rest of the chain, from a PKCS#12 file. */
export function readP12(options: Pick<PdfSignatureOptions, 'p12' | 'passphrase'>): {
  key: Forge.pki.rsa.PrivateKey;
  chain: Forge.pki.Certificate[];
} {
  const forge = loadForge();
  const { asn1, pki } = forge;
  const bytes = typeof options.p12 === 'string' ? Buffer.from(options.p12, 'base64') : Buffer.from(options.p12);
  let p12: Forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1.fromDer(bytes.toString('binary')), options.passphrase ?? '');
  } catch {
    throw new InvalidOptionError(
      'pdf.signature.p12',
      'pdf.signature.p12 could not be read: not a PKCS#12 file, or the passphrase is wrong.',
    );
  }
  const bags = (type: string): Forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  const keys = [pki.oids['pkcs8ShroudedKeyBag']!, pki.oids['keyBag']!].flatMap(bags);
  const key = keys.find((b) => b.key)?.key as Forge.pki.rsa.PrivateKey | undefined;
  const certs = bags(pki.oids['certBag']!).flatMap((b): Forge.pki.Certificate[] => (b.cert ? [b.cert] : []));
  if (!key)
    throw new InvalidOptionError(
      'pdf.signature.p12',
      'pdf.signature.p12 holds no RSA private key (keys of other types are not supported).',
    );
  const publicKey = pki.setRsaPublicKey(key.n, key.e);
  const own = certs.find((c) => pki.publicKeyToPem(c.publicKey) === pki.publicKeyToPem(publicKey));
  if (!own)
    throw new InvalidOptionError('pdf.signature.p12', 'pdf.signature.p12 holds no certificate for its private key.');
  return { key, chain: [own, ...certs.filter((c) => c !== own)] };
}
