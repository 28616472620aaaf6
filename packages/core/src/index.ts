/** @platen/core: HTML + Handlebars templates to PDF, in-process. */
export { render, renderDocument } from './render.js';
export type { PageComponents, RenderOptions, RenderResult } from './render.js';
export type { Diagnostic } from '@platen/layout';
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
