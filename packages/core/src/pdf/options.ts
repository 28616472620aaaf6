/**
 * `pdf`: what the PDF file carries beyond its pages — metadata, a standard (PDF/A),
 * encryption, attachments, a Factur-X invoice. One object with the same snake_case keys in
 * the library, the CLI (`--pdf`) and the REST API (`RenderRequest.pdf`), like PdfFormat.
 * Every key is optional; without `pdf` the output is what it always was.
 */
export interface PdfOptions {
  readonly metadata?: PdfMetadataOptions;
  /** An archival standard the file is written to; omitted: plain PDF. */
  readonly standard?: PdfStandard;
  readonly encryption?: PdfEncryptionOptions;
  /** Files embedded in the PDF (PDF/A-3 associated files; refused with PDF/A-2). */
  readonly attachments?: readonly PdfAttachment[];
  /** A Factur-X / ZUGFeRD e-invoice: the invoice XML embedded in a PDF/A-3b. */
  readonly factur_x?: FacturXOptions;
  /** Sign the finished file (PAdES baseline B-B, invisible). */
  readonly signature?: PdfSignatureOptions;
  /** Bookmarks (the document outline) from the body's h1–h6, nested by level: default true; false leaves them out. */
  readonly outline?: boolean;
  /**
   * A tagged PDF (ISO 32000-1 §14.8): a structure tree from the HTML's semantics (headings,
   * paragraphs, lists, tables, figures with their alt text, links) in document order, the
   * chrome and box decorations as artifacts, `/Lang` from `<html lang>`. Default true; false
   * leaves the tree out for the smallest files (refused with pdf/ua-1 and the PDF/A `-a` levels).
   */
  readonly tagged?: boolean;
}

/** Document information. Each field left unset is taken from the HTML where it has one. */
export interface PdfMetadataOptions {
  /** Default: the `<title>`. */
  readonly title?: string;
  /** Default: `<meta name="author">`. */
  readonly author?: string;
  /** Default: `<meta name="description">`. */
  readonly subject?: string;
  /** Default: `<meta name="keywords">`. A list is joined with ", ". */
  readonly keywords?: string | readonly string[];
  /** BCP 47 tag (`de-CH`). Default: `<html lang>` when the PDF follows a standard. */
  readonly language?: string;
  /** ISO 8601 date-time or "now". Default: 2000-01-01T00:00:00Z, so that output is reproducible. */
  readonly creation_date?: string;
}

export const PDF_STANDARDS = ['pdf/a-2b', 'pdf/a-3b', 'pdf/a-2a', 'pdf/a-3a', 'pdf/ua-1'] as const;
export type PdfStandard = (typeof PDF_STANDARDS)[number];
/** PDF/A, an archival standard (ISO 19005), as opposed to PDF/UA (ISO 14289, accessibility). */
export const isPdfA = (standard: PdfStandard | undefined): boolean => standard?.startsWith('pdf/a-') === true;
/** A PDF/A standard's part (2, 3) and conformance level (`A`: accessible, tagged; `B`: basic). */
export function pdfAPart(standard: PdfStandard): { readonly part: number; readonly conformance: 'A' | 'B' } {
  return { part: Number(standard.charAt(6)), conformance: standard.endsWith('a') ? 'A' : 'B' };
}
/** Standards that need a structure tree (ISO 19005-2 §6.8, level A; ISO 14289-1 §7.1), a language and Unicode text. */
export const isAccessibleStandard = (standard: PdfStandard | undefined): boolean =>
  standard === 'pdf/ua-1' || standard === 'pdf/a-2a' || standard === 'pdf/a-3a';
/** The standard the file conforms to: Factur-X is PDF/A-3, level B unless `standard` says A (check.ts refuses others). */
export const fileStandard = (pdf: PdfOptions | undefined): PdfStandard | undefined =>
  pdf?.factur_x ? (pdf.standard ?? 'pdf/a-3b') : pdf?.standard;
/** Whether the file carries a structure tree: by default, unless `tagged: false` (which check.ts refuses with a standard that needs it). */
export const isTagged = (pdf: PdfOptions | undefined): boolean =>
  pdf?.tagged !== false || isAccessibleStandard(fileStandard(pdf));

export interface PdfEncryptionOptions {
  /** Needed to open the file; omitted: anyone can open it, the permissions still apply. */
  readonly user_password?: string;
  /** Lifts the permissions; omitted: a random one nobody knows. */
  readonly owner_password?: string;
  /** What a reader lets the user do without the owner password; each defaults to allowed. */
  readonly permissions?: PdfPermissions;
}

export interface PdfPermissions {
  /** true / "high": print at full quality; "low": a degraded print only; false: no printing. */
  readonly print?: boolean | 'high' | 'low';
  /** Copy or extract text and images. */
  readonly copy?: boolean;
  /** Change the document (and insert, rotate, delete pages). */
  readonly modify?: boolean;
  /** Add or change comments, and fill in forms. */
  readonly annotate?: boolean;
}

/** PDF 2.0 / PDF/A-3 `AFRelationship`: how an attached file relates to the document. */
export const ATTACHMENT_RELATIONSHIPS = ['Source', 'Data', 'Alternative', 'Supplement', 'Unspecified'] as const;
export type AttachmentRelationship = (typeof ATTACHMENT_RELATIONSHIPS)[number];

export interface PdfAttachment {
  /** The name readers show and save it under; no path separators. */
  readonly filename: string;
  /** The file's bytes, base64-encoded. */
  readonly content: string;
  /** Default application/octet-stream. */
  readonly mime_type?: string;
  /** Default "Unspecified". */
  readonly relationship?: AttachmentRelationship;
  readonly description?: string;
}

/** Factur-X 1.0 / ZUGFeRD 2.x profiles, as the XMP's `fx:ConformanceLevel` spells them. */
export const FACTUR_X_PROFILES = ['MINIMUM', 'BASIC WL', 'BASIC', 'EN 16931', 'EXTENDED', 'XRECHNUNG'] as const;
export type FacturXProfile = (typeof FACTUR_X_PROFILES)[number];

export interface FacturXOptions {
  /** The invoice: UN/CEFACT Cross Industry Invoice XML, as text. */
  readonly xml: string;
  /** Default: read from the XML's GuidelineSpecifiedDocumentContextParameter. */
  readonly profile?: FacturXProfile;
  /** Default "Data" for MINIMUM and BASIC WL (not full invoices), else "Alternative". */
  readonly relationship?: 'Alternative' | 'Data' | 'Source';
}

/**
 * A digital signature with a PKCS#12 certificate (RSA key). In the REST API the certificate
 * is the server's (PLATEN_SIGNING_P12): a request gives only reason, location, contact and name.
 */
export interface PdfSignatureOptions {
  /** The PKCS#12 (.p12/.pfx) file: its bytes, or base64. */
  readonly p12: Uint8Array | string;
  readonly passphrase?: string;
  /** Shown by readers with the signature. */
  readonly reason?: string;
  readonly location?: string;
  readonly contact_info?: string;
  /** The signer's name; default the certificate's common name. */
  readonly name?: string;
  /** Show the signature on a page (a widget with the signer, date and reason); omitted: invisible. */
  readonly visible?: VisibleSignature;
}

/** Where a visible signature is shown: a rectangle in pt from the page's top-left corner. */
export interface VisibleSignature {
  /** 1 for the first page. */
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** What it shows, lines split at "\n"; default "Digitally signed by <name>", the date, the reason and location. */
  readonly text?: string;
}

/** Limits on attachments (a render's input; the API's body limit bounds them further). */
export const MAX_ATTACHMENTS = 32;
/** Decoded bytes of all attachments together, the Factur-X XML included. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** Longest metadata text, attachment description or filename, in characters. */
export const MAX_PDF_TEXT = 2000;
export const MAX_FILENAME = 255;
/** AES-256 (ISO 32000-2 §7.6.4.3.3) uses at most 127 bytes of a password's UTF-8. */
export const MAX_PASSWORD_BYTES = 127;
