import type { PdfSignatureOptions } from './options.js';
import { readP12 } from './p12.js';

// A module of its own so that the package's declarations name no node-forge type (its types are
// a devDependency): p12.ts's readP12 returns node-forge objects.

/** The signer's common name, once the PKCS#12 file has been read (a server checks its configuration so). */
export function signingCertificateName(options: Pick<PdfSignatureOptions, 'p12' | 'passphrase'>): string {
  return String(readP12(options).chain[0]!.subject.getField('CN')?.value ?? '');
}
