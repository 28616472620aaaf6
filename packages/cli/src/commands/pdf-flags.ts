/**
 * `platen render`'s flags for the `pdf` options object (core's PdfOptions): `--pdf` takes the
 * whole object as JSON or @file.json; the other flags set one field each and win over it.
 * New PdfOptions fields are reachable through `--pdf` without a flag of their own.
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { ATTACHMENT_RELATIONSHIPS, type PdfAttachment, type PdfOptions, type PdfPermissions } from '@platen/core';
import type { CommandOptions } from '../args.js';
import { UsageError } from '../usage.js';

export const PDF_FLAGS = {
  pdf: { type: 'string' },
  title: { type: 'string' },
  author: { type: 'string' },
  subject: { type: 'string' },
  keywords: { type: 'string' },
  lang: { type: 'string' },
  'creation-date': { type: 'string' },
  'pdf-standard': { type: 'string' },
  'user-password': { type: 'string' },
  'owner-password': { type: 'string' },
  permissions: { type: 'string' },
  attach: { type: 'string', multiple: true },
  'factur-x': { type: 'string' },
  'factur-x-profile': { type: 'string' },
  sign: { type: 'string' },
  'sign-reason': { type: 'string' },
  'sign-location': { type: 'string' },
  'sign-visible': { type: 'string' },
  'no-outline': { type: 'boolean' },
  tagged: { type: 'boolean' },
  'no-tagged': { type: 'boolean' },
} as const satisfies CommandOptions;

export const PDF_HELP = `
PDF file options (see the README's "PDF options"; each sets a field of --pdf):
  --pdf <json|@file.json>   the whole pdf options object
  --title, --author, --subject, --keywords <text>, --lang <tag>
                            document metadata (default: the HTML's <title>, <meta name=
                            author|description|keywords>); --creation-date <ISO date|now>
  --pdf-standard <std>      pdf/a-2b, pdf/a-3b, pdf/a-2a, pdf/a-3a (level A: tagged, with a
                            language and a Unicode value for every glyph) or pdf/ua-1
  --user-password <pw>      password to open the PDF (AES-256); also PLATEN_PDF_USER_PASSWORD
  --owner-password <pw>     password that lifts the permissions; also PLATEN_PDF_OWNER_PASSWORD
  --permissions <list>      what is allowed without the owner password, of print, print-low,
                            copy, modify, annotate (e.g. "print,copy"; "none"); encrypts
  --attach <[Relationship:]file>
                            embed a file (PDF/A-3: with --pdf-standard pdf/a-3b); Relationship
                            is one of ${ATTACHMENT_RELATIONSHIPS.join(', ')}; repeatable
  --factur-x <invoice.xml>  a Factur-X/ZUGFeRD e-invoice: the XML embedded in a PDF/A-3b
  --factur-x-profile <p>    its profile when the XML does not say (e.g. "EN 16931")
  --sign <cert.p12>         sign the PDF (PAdES B-B) with a PKCS#12 certificate;
                            its passphrase in PLATEN_SIGN_PASSPHRASE; --sign-reason <text>,
                            --sign-location <text>, --sign-visible <page,x,y,width,height>
                            (shown in that rectangle, pt from the page's top-left corner)
  --no-outline              no bookmarks from the headings (pdf.outline false)
  --no-tagged               no structure tree, for the smallest files (pdf.tagged false; the
                            default is a tagged PDF: structure tree, artifacts, /Lang)
Passwords on the command line are visible to other users of this machine (ps): prefer the
environment variables.
`;

type Flags = {
  readonly [K in keyof typeof PDF_FLAGS]?: (typeof PDF_FLAGS)[K] extends { multiple: true }
    ? string[]
    : (typeof PDF_FLAGS)[K] extends { type: 'boolean' }
      ? boolean
      : string;
};

/** The `pdf` option from the flags and the environment; undefined when none is given (plain PDF). */
export async function readPdfOptions(
  flags: Flags,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PdfOptions | undefined> {
  const base = flags.pdf === undefined ? {} : await readJsonObject(flags.pdf, '--pdf');
  const pdf: Record<string, unknown> = { ...base };
  const metadata: Record<string, unknown> = { ...(base.metadata as object | undefined) };
  const set = (target: Record<string, unknown>, key: string, value: unknown) => {
    if (value !== undefined) target[key] = value;
  };
  set(metadata, 'title', flags.title);
  set(metadata, 'author', flags.author);
  set(metadata, 'subject', flags.subject);
  set(metadata, 'keywords', flags.keywords);
  set(metadata, 'language', flags.lang);
  set(metadata, 'creation_date', flags['creation-date']);
  if (Object.keys(metadata).length > 0) pdf.metadata = metadata;
  set(pdf, 'standard', flags['pdf-standard']);
  if (flags['no-outline']) pdf.outline = false;
  if (flags.tagged) pdf.tagged = true;
  if (flags['no-tagged']) pdf.tagged = false;

  const encryption: Record<string, unknown> = { ...(base.encryption as object | undefined) };
  set(encryption, 'user_password', flags['user-password'] ?? env['PLATEN_PDF_USER_PASSWORD']);
  set(encryption, 'owner_password', flags['owner-password'] ?? env['PLATEN_PDF_OWNER_PASSWORD']);
  if (flags.permissions !== undefined) encryption.permissions = parsePermissions(flags.permissions);
  if (Object.keys(encryption).length > 0) pdf.encryption = encryption;

  if (flags.attach?.length)
    pdf.attachments = [
      ...((base.attachments as PdfAttachment[] | undefined) ?? []),
      ...(await Promise.all(flags.attach.map(readAttachment))),
    ];
  if (flags['factur-x'] !== undefined) {
    pdf.factur_x = {
      xml: await readFile(flags['factur-x'], 'utf8'),
      ...(flags['factur-x-profile'] ? { profile: flags['factur-x-profile'] } : {}),
    };
  } else if (flags['factur-x-profile'] !== undefined) {
    throw new UsageError('--factur-x-profile needs --factur-x <invoice.xml>');
  }
  if (flags.sign !== undefined) {
    pdf.signature = {
      ...(base.signature as object | undefined),
      p12: new Uint8Array(await readFile(flags.sign)),
      passphrase: env['PLATEN_SIGN_PASSPHRASE'] ?? '',
      ...(flags['sign-reason'] === undefined ? {} : { reason: flags['sign-reason'] }),
      ...(flags['sign-location'] === undefined ? {} : { location: flags['sign-location'] }),
      ...(flags['sign-visible'] === undefined ? {} : { visible: parseVisible(flags['sign-visible']) }),
    };
  } else if (
    flags['sign-reason'] !== undefined ||
    flags['sign-location'] !== undefined ||
    flags['sign-visible'] !== undefined
  ) {
    throw new UsageError('--sign-reason, --sign-location and --sign-visible need --sign <cert.p12>');
  }
  return Object.keys(pdf).length > 0 ? (pdf as PdfOptions) : undefined;
}

/** "2,340,700,200,60" → page 2, x 340, y 700, 200 × 60 pt (checked further by core's checkPdfOptions). */
function parseVisible(spec: string): { page: number; x: number; y: number; width: number; height: number } {
  const numbers = spec.split(',').map((s) => Number(s.trim()));
  if (numbers.length !== 5 || numbers.some((n) => !Number.isFinite(n)))
    throw new UsageError(`--sign-visible takes page,x,y,width,height (pt from the top-left corner); got "${spec}"`);
  const [page, x, y, width, height] = numbers as [number, number, number, number, number];
  return { page, x, y, width, height };
}

/** "print,copy" → those allowed, the others refused; "none" refuses all; "print-low": degraded printing only. */
function parsePermissions(list: string): PdfPermissions {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== 'none');
  const known = ['print', 'print-low', 'copy', 'modify', 'annotate'];
  const unknown = names.find((n) => !known.includes(n));
  if (unknown) throw new UsageError(`--permissions: unknown permission "${unknown}"; known: ${known.join(', ')}, none`);
  return {
    print: names.includes('print') ? 'high' : names.includes('print-low') ? 'low' : false,
    copy: names.includes('copy'),
    modify: names.includes('modify'),
    annotate: names.includes('annotate'),
  };
}

const MIME_TYPES: Record<string, string> = {
  '.xml': 'text/xml',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.html': 'text/html',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.zip': 'application/zip',
};

async function readAttachment(spec: string): Promise<PdfAttachment> {
  const colon = spec.indexOf(':');
  const prefix = colon > 0 ? spec.slice(0, colon) : '';
  const relationship = (ATTACHMENT_RELATIONSHIPS as readonly string[]).includes(prefix)
    ? (prefix as PdfAttachment['relationship'])
    : undefined;
  const path = relationship ? spec.slice(colon + 1) : spec;
  const content = (await readFile(path)).toString('base64');
  return {
    filename: basename(path),
    content,
    mime_type: MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    ...(relationship ? { relationship } : {}),
  };
}

async function readJsonObject(value: string, what: string): Promise<Record<string, unknown>> {
  const text = value.startsWith('@') ? await readFile(value.slice(1), 'utf8') : value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageError(`${what} must hold a JSON object`);
  return parsed as Record<string, unknown>;
}
