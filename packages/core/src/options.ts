/**
 * `@platen/core/options`: the render options' constants, checks and errors without the
 * renderer, for code that validates requests and never renders (the server's HTTP process).
 * Importing `@platen/core` loads the whole pipeline (fontkit, PDFKit, the layout engine,
 * Unicode tables): about 45 MB of resident memory and 300 ms of CPU in a process that only
 * needed these.
 */
export type { CssLength, PdfFormat, PresetName, TextAlignOption } from './format.js';
export {
  FOOTER_POSITIONS,
  HORIZONTAL_ALIGNS,
  MAX_PAGE_SIDE,
  MIN_PAGE_SIDE,
  PRESET_NAMES,
  TEXT_ALIGNS,
  VERTICAL_ALIGNS,
  mergeFormats,
  parseAbsoluteLength,
  resolveFormat,
} from './format.js';
export { DocumentTooLargeError, InvalidFormatError, InvalidOptionError, PlatenError, TemplateError } from './errors.js';
export type {
  AttachmentRelationship,
  FacturXOptions,
  FacturXProfile,
  PdfAttachment,
  PdfEncryptionOptions,
  PdfMetadataOptions,
  PdfOptions,
  PdfPermissions,
  PdfSignatureOptions,
  PdfStandard,
  VisibleSignature,
} from './pdf/options.js';
export {
  ATTACHMENT_RELATIONSHIPS,
  FACTUR_X_PROFILES,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_FILENAME,
  MAX_PASSWORD_BYTES,
  MAX_PDF_TEXT,
  PDF_STANDARDS,
} from './pdf/options.js';
export { checkPdfOptions } from './pdf/check.js';
export { signingCertificateName } from './pdf/signing-certificate.js';
