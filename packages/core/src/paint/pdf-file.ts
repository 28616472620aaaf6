import { randomBytes } from 'node:crypto';
import { facturXAttachment } from '../pdf/factur-x.js';
import type { DocumentMetadata } from '../pdf/metadata.js';
import {
  fileStandard,
  isPdfA,
  isTagged,
  pdfAPart,
  type PdfAttachment,
  type PdfEncryptionOptions,
  type PdfOptions,
} from '../pdf/options.js';
import { buildXmp } from '../pdf/xmp.js';
import { upgradeToRevision6 } from './aes256-r6.js';

export const PRODUCER = 'Platen';

/** The parts of PDFKit's document this module drives (not in @types/pdfkit). */
interface PdfKitFile {
  readonly version: number;
  readonly _root: { data: Record<string, unknown> };
  endMetadata(): void;
  ref(data: Record<string, unknown>): { compress: boolean; write(chunk: Uint8Array): void; end(): void };
  file(src: Uint8Array, options: Record<string, unknown>): unknown;
}

/**
 * PDFKit's constructor options for `pdf`: the version and PDF/A subset for a standard
 * (PDF/A-2 and -3 are PDF 1.7 files), AES-256 for encryption (ISO 32000-2 §7.6.4, PDFKit's
 * "1.7ext3"). An untagged plain PDF (`tagged: false`) stays PDF 1.3, as before tagging.
 */
export function pdfKitFileOptions(pdf: PdfOptions | undefined): Record<string, unknown> {
  const standard = fileStandard(pdf);
  // PDF/UA-1 (ISO 14289-1 §5) is a PDF 1.7 file, tagged (pdf-painter.ts).
  if (standard === 'pdf/ua-1')
    return {
      pdfVersion: '1.7',
      ...(pdf?.encryption ? { pdfVersion: '1.7ext3', ...encryptionOptions(pdf.encryption) } : {}),
    };
  if (standard) {
    const { part, conformance } = pdfAPart(standard);
    return { pdfVersion: '1.7', subset: `PDF/A-${part}${conformance.toLowerCase()}` };
  }
  if (pdf?.encryption) return { pdfVersion: '1.7ext3', ...encryptionOptions(pdf.encryption) };
  // Tagged PDF is PDF 1.4's (MarkInfo), its structure tree in object streams PDF 1.5's (object-streams.ts).
  if (isTagged(pdf)) return { pdfVersion: '1.7' };
  return {};
}

function encryptionOptions(e: PdfEncryptionOptions): Record<string, unknown> {
  const p = e.permissions ?? {};
  const print = p.print ?? true;
  return {
    ...(e.user_password ? { userPassword: e.user_password } : {}),
    // Without an owner password any reader could lift the permissions with an empty one.
    ownerPassword: e.owner_password ?? randomBytes(24).toString('base64'),
    permissions: {
      ...(print === false ? {} : { printing: print === 'low' ? 'lowResolution' : 'highResolution' }),
      copying: p.copy ?? true,
      modifying: p.modify ?? true,
      documentAssembly: p.modify ?? true,
      annotating: p.annotate ?? true,
      fillingForms: p.annotate ?? true,
      // Screen readers may always extract text (PDF 2.0 deprecates refusing it, §7.6.4.2 bit 10).
      contentAccessibility: true,
    },
  };
}

/**
 * Once the document exists: AES-256 at revision 6 (see aes256-r6.ts), its attachments (ISO 19005-3 §6.8: each an embedded file with its
 * MIME type, dates and `AFRelationship`, listed in the catalog's AF array), and the XMP packet
 * written by `buildXmp` in place of PDFKit's, which PDFKit writes for PDF 1.4 and later.
 */
export function prepareFile(
  doc: unknown,
  pdf: PdfOptions | undefined,
  metadata: DocumentMetadata,
  fileOptions: Record<string, unknown>,
): void {
  const file = doc as PdfKitFile;
  if (typeof fileOptions['ownerPassword'] === 'string') {
    upgradeToRevision6(
      doc,
      typeof fileOptions['userPassword'] === 'string' ? fileOptions['userPassword'] : '',
      fileOptions['ownerPassword'],
    );
  }
  const attachments: PdfAttachment[] = [...(pdf?.attachments ?? [])];
  const facturX = pdf?.factur_x ? facturXAttachment(pdf.factur_x) : null;
  if (facturX) attachments.unshift(facturX.attachment);
  for (const a of attachments) {
    file.file(new Uint8Array(Buffer.from(a.content, 'base64')), {
      name: a.filename,
      type: a.mime_type ?? 'application/octet-stream',
      relationship: a.relationship ?? 'Unspecified',
      ...(a.description ? { description: a.description } : {}),
      creationDate: metadata.creationDate,
      modifiedDate: metadata.creationDate,
    });
  }
  const standard = fileStandard(pdf);
  file.endMetadata = () => {
    // A plain file, tagged or not, carries its metadata in the Info dictionary only, as before tagging.
    if (!standard && !pdf?.encryption) return;
    const xmp = buildXmp({
      metadata,
      producer: PRODUCER,
      creator: PRODUCER,
      ...(standard && isPdfA(standard) ? { pdfa: pdfAPart(standard) } : {}),
      ...(standard === 'pdf/ua-1' ? { pdfua: 1 } : {}),
      ...(facturX ? { facturX: { fileName: facturX.attachment.filename, profile: facturX.profile } } : {}),
    });
    // Uncompressed, so that file tools can find the packet (ISO 16684-1 §7.3 leaves it readable).
    const ref = file.ref({ Type: 'Metadata', Subtype: 'XML' });
    ref.compress = false;
    ref.write(new TextEncoder().encode(xmp));
    ref.end();
    file._root.data.Metadata = ref;
  };
}
