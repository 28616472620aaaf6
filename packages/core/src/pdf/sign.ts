import { createHash } from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED, Signer } from '@signpdf/utils';
import type Forge from 'node-forge';
import type { PdfSignatureOptions, VisibleSignature } from './options.js';
import type { SignatureField } from '../paint/signature-field.js';
import { loadForge, readP12 } from './p12.js';

// node-forge by p12.ts's require(), not an import: the CLI bundle leaves it out and requires it
// where it is first used (scripts/bundle-cli.mjs), which an import at this module's top defeats.
const forge = loadForge();
const { asn1, pki } = forge;
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
};

/**
 * Sign the finished PDF (an incremental update: ISO 32000-1 §12.8, or, for a visible signature,
 * the field written with the document): an invisible signature field whose value is a CAdES detached signature over the file's byte range, PAdES baseline B-B
 * (ETSI EN 319 142-1 §6.3): SubFilter ETSI.CAdES.detached, SHA-256, the signed attributes
 * content-type, message-digest and signing-certificate-v2, no CMS signing-time (the claimed
 * time is the signature dictionary's /M).
 */
export async function signPdf(pdf: Uint8Array, options: PdfSignatureOptions, now: Date): Promise<Uint8Array> {
  const { key, chain } = readP12(options);
  // A visible signature's field and placeholders were written with the document (visibleField).
  const withPlaceholder = options.visible
    ? Buffer.from(pdf)
    : completeTrailer(
        plainAddPlaceholder({
          pdfBuffer: Buffer.from(pdf),
          reason: options.reason ?? '',
          contactInfo: options.contact_info ?? '',
          name: signerName(options, chain),
          location: options.location ?? '',
          signingTime: now,
          subFilter: SUBFILTER_ETSI_CADES_DETACHED,
          signatureLength: contentsLength(chain),
          appName: 'Platen',
        }),
        pdf,
      );
  return new Uint8Array(await new SignPdf().sign(withPlaceholder, new PadesSigner(key, chain)));
}

/** What the painter needs to write a visible signature's field (paint/signature-field.ts). */
export function visibleField(
  options: PdfSignatureOptions & { readonly visible: VisibleSignature },
  now: Date,
): SignatureField {
  const { chain } = readP12(options);
  return { options, name: signerName(options, chain), signingTime: now, contentsLength: contentsLength(chain) };
}

function signerName(options: PdfSignatureOptions, chain: Forge.pki.Certificate[]): string {
  return options.name ?? String(chain[0]!.subject.getField('CN')?.value ?? '');
}

/** Bytes for the CMS: the certificates, the attributes and the signature, with room to spare. */
function contentsLength(chain: Forge.pki.Certificate[]): number {
  return chain.reduce((n, c) => n + asn1.toDer(pki.certificateToAsn1(c)).length(), 0) + 4096;
}

/**
 * The incremental update as @signpdf/placeholder-plain writes it lacks the file's /ID (which
 * PDF/A and PDF 2.0 require in the last trailer, ISO 32000-2 §14.4) and its startxref points at
 * the newline before `xref`. Both are fixed before signing: the signature covers the trailer.
 */
function completeTrailer(updated: Buffer, original: Uint8Array): Buffer {
  const text = updated.toString('latin1');
  const xref = text.lastIndexOf('\nxref\n') + 1;
  const id = /\/ID\s*\[[^\]]*\]/.exec(Buffer.from(original.subarray(-1024)).toString('latin1'))?.[0];
  const trailer = text
    .slice(xref)
    .replace(/\/Prev (\d+)\n/, (m) => (id ? `${m}${id}\n` : m))
    .replace(/startxref\n\d+\n%%EOF$/, `startxref\n${xref}\n%%EOF`);
  return Buffer.concat([updated.subarray(0, xref), Buffer.from(trailer, 'latin1')]);
}

class PadesSigner extends Signer {
  readonly key: Forge.pki.rsa.PrivateKey;
  readonly chain: Forge.pki.Certificate[];

  constructor(key: Forge.pki.rsa.PrivateKey, chain: Forge.pki.Certificate[]) {
    super();
    this.key = key;
    this.chain = chain;
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const [signer] = this.chain;
    const certDer = (c: Forge.pki.Certificate) => asn1.toDer(pki.certificateToAsn1(c)).getBytes();
    const sha256 = (bytes: string | Buffer) =>
      createHash('sha256')
        .update(typeof bytes === 'string' ? Buffer.from(bytes, 'binary') : bytes)
        .digest('binary');
    const seq = (...v: Forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, v);
    const set = (...v: Forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, v);
    const oid = (o: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(o).getBytes());
    const octets = (b: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, b);
    const int = (b: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, b);
    const nul = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
    const attribute = (type: string, value: Forge.asn1.Asn1) => seq(oid(type), set(value));
    const sha256Algorithm = () => seq(oid(OID.sha256), nul());

    // RFC 5035 SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { certHash } } (SHA-256 is the default hash).
    const attributes = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(sha256(content))),
      attribute(OID.signingCertificateV2, seq(seq(seq(octets(sha256(certDer(signer!))))))),
    ]
      // DER orders a SET OF by the encodings (X.690 §11.6), and the signature covers that encoding.
      .map((a) => ({ a, der: asn1.toDer(a).getBytes() }))
      .sort((x, y) => (x.der < y.der ? -1 : x.der > y.der ? 1 : 0))
      .map(({ a }) => a);
    const md = forge.md.sha256.create();
    md.update(asn1.toDer(set(...attributes)).getBytes());
    const signature = this.key.sign(md);

    const serial = forge.util.hexToBytes(
      signer!.serialNumber.length % 2 ? `0${signer!.serialNumber}` : signer!.serialNumber,
    );
    const signerInfo = seq(
      int('\x01'),
      seq(pki.distinguishedNameToAsn1(signer!.issuer), int(serial)),
      sha256Algorithm(),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
      seq(oid(OID.rsaEncryption), nul()),
      octets(signature),
    );
    const signedData = seq(
      int('\x01'),
      set(sha256Algorithm()),
      seq(oid(OID.data)),
      asn1.create(
        asn1.Class.CONTEXT_SPECIFIC,
        0,
        true,
        this.chain.map((c) => pki.certificateToAsn1(c)),
      ),
      set(signerInfo),
    );
    const contentInfo = seq(oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData]));
    return Buffer.from(asn1.toDer(contentInfo).getBytes(), 'binary');
  }
}
