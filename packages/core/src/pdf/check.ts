import { describe } from '../check-options.js';
import { InvalidOptionError } from '../errors.js';
import {
  ATTACHMENT_RELATIONSHIPS,
  FACTUR_X_PROFILES,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_FILENAME,
  MAX_PASSWORD_BYTES,
  MAX_PDF_TEXT,
  PDF_STANDARDS,
  isAccessibleStandard,
  isPdfA,
  type PdfOptions,
} from './options.js';

/**
 * Check `pdf` as render() gets it from plain JavaScript or a worker message: known keys only
 * (own properties, so `__proto__` or `constructor` mean nothing), the right types, the limits,
 * and the combinations no conforming file can have. Fails with an InvalidOptionError whose
 * `param` is the dotted path (`pdf.encryption.user_password`) as the API reports it.
 */
export function checkPdfOptions(value: unknown): void {
  const pdf = record(value, 'pdf');
  only(pdf, 'pdf', ['metadata', 'standard', 'encryption', 'attachments', 'factur_x', 'signature', 'outline', 'tagged']);
  if (pdf.outline !== undefined && typeof pdf.outline !== 'boolean')
    fail('pdf.outline', `pdf.outline must be true or false; got ${describe(pdf.outline)}.`);
  if (pdf.tagged !== undefined && typeof pdf.tagged !== 'boolean')
    fail('pdf.tagged', `pdf.tagged must be true or false; got ${describe(pdf.tagged)}.`);
  if (pdf.signature !== undefined) checkSignature(pdf.signature);
  if (pdf.metadata !== undefined) checkMetadata(pdf.metadata);
  if (pdf.standard !== undefined) oneOf(pdf.standard, 'pdf.standard', PDF_STANDARDS);
  if (pdf.encryption !== undefined) checkEncryption(pdf.encryption);
  let bytes = 0;
  if (pdf.attachments !== undefined) {
    if (!Array.isArray(pdf.attachments))
      fail('pdf.attachments', `pdf.attachments must be an array; got ${describe(pdf.attachments)}.`);
    if (pdf.attachments.length > MAX_ATTACHMENTS)
      fail('pdf.attachments', `At most ${MAX_ATTACHMENTS} attachments; got ${pdf.attachments.length}.`);
    const names = new Set<string>();
    pdf.attachments.forEach((item: unknown, i: number) => {
      const at = `pdf.attachments.${i}`;
      const a = record(item, at);
      only(a, at, ['filename', 'content', 'mime_type', 'relationship', 'description']);
      const filename = filenameOf(a.filename, `${at}.filename`);
      if (names.has(filename)) fail(`${at}.filename`, `Two attachments are named "${filename}".`);
      names.add(filename);
      bytes += base64Bytes(a.content, `${at}.content`);
      if (a.mime_type !== undefined) mimeType(a.mime_type, `${at}.mime_type`);
      if (a.relationship !== undefined) oneOf(a.relationship, `${at}.relationship`, ATTACHMENT_RELATIONSHIPS);
      if (a.description !== undefined) text(a.description, `${at}.description`);
    });
  }
  if (pdf.factur_x !== undefined) {
    const fx = record(pdf.factur_x, 'pdf.factur_x');
    only(fx, 'pdf.factur_x', ['xml', 'profile', 'relationship']);
    if (typeof fx.xml !== 'string' || fx.xml.trim() === '')
      fail('pdf.factur_x.xml', `pdf.factur_x.xml must be the invoice XML as text; got ${describe(fx.xml)}.`);
    bytes += Buffer.byteLength(fx.xml);
    if (fx.profile !== undefined) oneOf(fx.profile, 'pdf.factur_x.profile', FACTUR_X_PROFILES);
    if (fx.relationship !== undefined)
      oneOf(fx.relationship, 'pdf.factur_x.relationship', ['Alternative', 'Data', 'Source']);
  }
  if (bytes > MAX_ATTACHMENT_BYTES)
    fail('pdf.attachments', `Attachments may hold at most ${MAX_ATTACHMENT_BYTES} bytes together; got ${bytes}.`);
  checkCombinations(pdf as PdfOptions);
}

/** What ISO 19005 forbids, refused rather than written into a file that claims to conform. */
function checkCombinations(pdf: PdfOptions): void {
  const standard = pdf.standard;
  if (isPdfA(standard) && pdf.encryption)
    fail(
      'pdf.encryption',
      `PDF/A forbids encryption (ISO 19005-2 §6.1.3): drop pdf.encryption or pdf.standard "${standard}".`,
    );
  if (pdf.factur_x && standard && standard !== 'pdf/a-3b' && standard !== 'pdf/a-3a')
    fail(
      'pdf.standard',
      `Factur-X needs PDF/A-3 (the invoice XML is an embedded file): use pdf.standard "pdf/a-3b" or "pdf/a-3a", or leave it out.`,
    );
  if (pdf.tagged === false && isAccessibleStandard(standard))
    fail(
      'pdf.tagged',
      `${standard === 'pdf/ua-1' ? 'PDF/UA-1' : 'PDF/A level A'} needs a tagged PDF (ISO ${standard === 'pdf/ua-1' ? '14289-1 §7.1' : '19005-2 §6.8'}): drop pdf.tagged false or pdf.standard "${standard}".`,
    );
  // The signature is an incremental update written by @signpdf, which reads the file unencrypted.
  if (pdf.signature && pdf.encryption)
    fail('pdf.signature', 'A PDF cannot be both signed and encrypted here: drop pdf.signature or pdf.encryption.');
  if (pdf.factur_x && pdf.encryption)
    fail('pdf.encryption', 'A Factur-X invoice is a PDF/A-3 file, which cannot be encrypted.');
  if ((standard === 'pdf/a-2b' || standard === 'pdf/a-2a') && pdf.attachments?.length) {
    fail(
      'pdf.attachments',
      'PDF/A-2 may only embed PDF/A files (ISO 19005-2 §6.8): use pdf.standard "pdf/a-3b" or "pdf/a-3a" for attachments.',
    );
  }
  if (pdf.factur_x && pdf.attachments?.some((a) => a.filename.toLowerCase() === facturXName(pdf))) {
    fail(
      'pdf.attachments',
      `pdf.factur_x attaches the invoice as "${facturXName(pdf)}": remove the attachment of that name.`,
    );
  }
}

function facturXName(pdf: PdfOptions): string {
  return pdf.factur_x?.profile === 'XRECHNUNG' ? 'xrechnung.xml' : 'factur-x.xml';
}

function checkMetadata(value: unknown): void {
  const m = record(value, 'pdf.metadata');
  only(m, 'pdf.metadata', ['title', 'author', 'subject', 'keywords', 'language', 'creation_date']);
  for (const key of ['title', 'author', 'subject'] as const)
    if (m[key] !== undefined) text(m[key], `pdf.metadata.${key}`);
  if (m.keywords !== undefined) {
    if (Array.isArray(m.keywords)) m.keywords.forEach((k: unknown, i: number) => text(k, `pdf.metadata.keywords.${i}`));
    else text(m.keywords, 'pdf.metadata.keywords');
  }
  if (
    m.language !== undefined &&
    !(typeof m.language === 'string' && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(m.language))
  ) {
    fail(
      'pdf.metadata.language',
      `pdf.metadata.language must be a language tag such as "en" or "de-CH"; got ${describe(m.language)}.`,
    );
  }
  if (m.creation_date !== undefined && m.creation_date !== 'now' && parseDate(m.creation_date) === null) {
    fail(
      'pdf.metadata.creation_date',
      `pdf.metadata.creation_date must be an ISO 8601 date-time such as "2026-03-01T09:30:00Z", or "now"; got ${describe(m.creation_date)}.`,
    );
  }
}

function checkSignature(value: unknown): void {
  const s = record(value, 'pdf.signature');
  only(s, 'pdf.signature', ['p12', 'passphrase', 'reason', 'location', 'contact_info', 'name', 'visible']);
  if (!(s.p12 instanceof Uint8Array) && !(typeof s.p12 === 'string' && s.p12 !== ''))
    fail('pdf.signature.p12', 'pdf.signature.p12 must be the PKCS#12 file: its bytes or base64.');
  if (typeof s.p12 === 'string') base64Bytes(s.p12, 'pdf.signature.p12');
  if (s.passphrase !== undefined && typeof s.passphrase !== 'string')
    fail('pdf.signature.passphrase', 'pdf.signature.passphrase must be a string.');
  for (const key of ['reason', 'location', 'contact_info', 'name'] as const)
    if (s[key] !== undefined) text(s[key], `pdf.signature.${key}`);
  if (s.visible !== undefined) checkVisibleSignature(s.visible);
}

function checkVisibleSignature(value: unknown): void {
  const v = record(value, 'pdf.signature.visible');
  only(v, 'pdf.signature.visible', ['page', 'x', 'y', 'width', 'height', 'text']);
  if (!Number.isInteger(v.page) || (v.page as number) < 1)
    fail(
      'pdf.signature.visible.page',
      `pdf.signature.visible.page must be a page number from 1; got ${describe(v.page)}.`,
    );
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    const n = v[key];
    const least = key === 'width' || key === 'height' ? 'greater than 0' : 'at least 0';
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || (n === 0 && least !== 'at least 0') || n > 14400)
      fail(
        `pdf.signature.visible.${key}`,
        `pdf.signature.visible.${key} must be a number of points ${least} (at most 14400); got ${describe(n)}.`,
      );
  }
  if (v.text !== undefined) text(v.text, 'pdf.signature.visible.text');
}

function checkEncryption(value: unknown): void {
  const e = record(value, 'pdf.encryption');
  only(e, 'pdf.encryption', ['user_password', 'owner_password', 'permissions']);
  for (const key of ['user_password', 'owner_password'] as const) {
    const password = e[key];
    if (password === undefined) continue;
    // The value is never repeated in a message: errors end up in logs.
    if (typeof password !== 'string' || password === '')
      fail(`pdf.encryption.${key}`, `pdf.encryption.${key} must be a non-empty string.`);
    // SASLprep (RFC 4013), which AES-256 applies to passwords, prohibits control characters.
    if (/[\u0000-\u001f\u007f-\u009f]/.test(password))
      fail(`pdf.encryption.${key}`, `pdf.encryption.${key} may not hold control characters.`);
    if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES)
      fail(
        `pdf.encryption.${key}`,
        `pdf.encryption.${key} may be at most ${MAX_PASSWORD_BYTES} bytes (UTF-8), the most AES-256 uses.`,
      );
  }
  if (e.permissions !== undefined) {
    const p = record(e.permissions, 'pdf.encryption.permissions');
    only(p, 'pdf.encryption.permissions', ['print', 'copy', 'modify', 'annotate']);
    if (p.print !== undefined && typeof p.print !== 'boolean' && p.print !== 'high' && p.print !== 'low') {
      fail(
        'pdf.encryption.permissions.print',
        `pdf.encryption.permissions.print must be true, false, "high" or "low"; got ${describe(p.print)}.`,
      );
    }
    for (const key of ['copy', 'modify', 'annotate'] as const) {
      if (p[key] !== undefined && typeof p[key] !== 'boolean')
        fail(
          `pdf.encryption.permissions.${key}`,
          `pdf.encryption.permissions.${key} must be a boolean; got ${describe(p[key])}.`,
        );
    }
  }
}

/** A date-time with its zone (or a plain date, taken as UTC midnight), as ISO 8601 / RFC 3339 write it. */
export function parseDate(value: unknown): Date | null {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value)
  )
    return null;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}

function filenameOf(value: unknown, param: string): string {
  if (
    typeof value !== 'string' ||
    value === '' ||
    value.length > MAX_FILENAME ||
    /[/\\\u0000-\u001f\u007f]/.test(value) ||
    value === '.' ||
    value === '..'
  ) {
    fail(
      param,
      `${param} must be a file name of 1 to ${MAX_FILENAME} characters, without "/", "\\" or control characters; got ${describe(value)}.`,
    );
  }
  return value;
}

/** Decoded length of strict base64 (the API's JSON carries bytes so). */
function base64Bytes(value: unknown, param: string): number {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
    fail(param, `${param} must be the file's bytes in base64; got ${describe(value)}.`);
  }
  return (value.length / 4) * 3 - (value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0);
}

function mimeType(value: unknown, param: string): void {
  if (
    typeof value !== 'string' ||
    value.length > 255 ||
    !/^[A-Za-z0-9][\w!#$&^.+-]*\/[A-Za-z0-9][\w!#$&^.+-]*$/.test(value)
  ) {
    fail(param, `${param} must be a MIME type such as "text/xml"; got ${describe(value)}.`);
  }
}

function text(value: unknown, param: string): void {
  if (typeof value !== 'string') fail(param, `${param} must be a string; got ${describe(value)}.`);
  if (value.length > MAX_PDF_TEXT)
    fail(param, `${param} may be at most ${MAX_PDF_TEXT} characters; got ${value.length}.`);
}

function oneOf(value: unknown, param: string, allowed: readonly string[]): void {
  if (typeof value !== 'string' || !allowed.includes(value))
    fail(param, `${param} must be one of ${allowed.map((a) => `"${a}"`).join(', ')}; got ${describe(value)}.`);
}

function record(value: unknown, param: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(param, `${param} must be an object; got ${describe(value)}.`);
  return value as Record<string, unknown>;
}

/** Unknown keys are refused, so a misspelt option (`pdf.encryption.userPassword`) is not silently ignored. */
function only(o: Record<string, unknown>, param: string, keys: readonly string[]): void {
  for (const key of Object.keys(o))
    if (!keys.includes(key)) fail(`${param}.${key}`, `${param} has no option "${key}"; known: ${keys.join(', ')}.`);
}

function fail(param: string, message: string): never {
  throw new InvalidOptionError(param, message);
}
