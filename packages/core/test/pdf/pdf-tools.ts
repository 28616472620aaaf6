/**
 * Reading a PDF back with tools that share no code with Platen: poppler's pdfinfo and
 * pdfdetach, qpdf, and fast-xml-parser for the XMP. CI installs poppler-utils and qpdf.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

function withPdf<T>(pdf: Uint8Array, use: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'platen-pdf-file-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    return use(join(dir, 'doc.pdf'), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A tool's stdout; its exit status and stderr when it fails. */
export function tool(name: string, args: readonly string[]): { status: number; stdout: string; stderr: string } {
  try {
    return {
      status: 0,
      stdout: execFileSync(name, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
      stderr: '',
    };
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string; code?: string };
    if (e.code === 'ENOENT')
      throw new Error(`${name} is not installed (apt-get install poppler-utils qpdf; .ci/run does this)`);
    return { status: e.status ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** `pdfinfo [-upw pw]` as key → value; `error` when it could not open the file. */
export function pdfinfo(pdf: Uint8Array, userPassword?: string): Record<string, string> & { error?: string } {
  return withPdf(pdf, (path) => {
    const out = tool('pdfinfo', [...(userPassword === undefined ? [] : ['-upw', userPassword]), path]);
    if (out.status !== 0) return { error: out.stderr.trim() };
    return Object.fromEntries(
      out.stdout
        .split('\n')
        .filter((l) => l.includes(':'))
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
    );
  });
}

/** `qpdf --check` output and status. */
export function qpdfCheck(pdf: Uint8Array, password?: string): { status: number; stdout: string } {
  return withPdf(pdf, (path) =>
    tool('qpdf', ['--check', ...(password === undefined ? [] : [`--password=${password}`]), path]),
  );
}

/** `qpdf --show-encryption`. */
export function qpdfEncryption(pdf: Uint8Array, password: string): string {
  return withPdf(pdf, (path) => tool('qpdf', ['--show-encryption', `--password=${password}`, path]).stdout);
}

/** Every object of `qpdf --json` (v2) by "obj:N 0 R": a dictionary, or a stream as {stream: {dict}}. */
export function qpdfObjects(
  pdf: Uint8Array,
): Record<string, { value?: unknown; stream?: { dict: Record<string, unknown> } }> {
  return withPdf(pdf, (path) => {
    const json = JSON.parse(tool('qpdf', ['--json=2', '--json-key=qpdf', path]).stdout) as {
      qpdf: [unknown, Record<string, never>];
    };
    return json.qpdf[1];
  });
}

/** The catalog's dictionary from qpdf --json. */
export function catalog(objects: ReturnType<typeof qpdfObjects>): Record<string, unknown> {
  const found = Object.values(objects).find(
    (o) => (o.value as Record<string, unknown> | undefined)?.['/Type'] === '/Catalog',
  );
  return found!.value as Record<string, unknown>;
}

/** `pdfsig`'s report (poppler verifies the CMS with NSS). */
export function pdfsig(pdf: Uint8Array): string {
  return withPdf(pdf, (path) => {
    const out = tool('pdfsig', [path]);
    return out.stdout + out.stderr;
  });
}

/** `pdfdetach -list` lines and the files `pdfdetach -saveall` writes, by name. */
export function pdfdetach(pdf: Uint8Array): { list: string; files: Record<string, Buffer> } {
  return withPdf(pdf, (path, dir) => {
    const list = tool('pdfdetach', ['-list', path]).stdout;
    const out = join(dir, 'out');
    execFileSync('mkdir', [out]);
    tool('pdfdetach', ['-saveall', '-o', out, path]);
    return { list, files: Object.fromEntries(readdirSync(out).map((name) => [name, readFileSync(join(out, name))])) };
  });
}

/** The XMP packet as `pdfinfo -meta` prints it, checked well-formed and parsed. */
export function xmp(pdf: Uint8Array): { text: string; parsed: Record<string, unknown> } {
  const text = withPdf(pdf, (path) => tool('pdfinfo', ['-meta', path]).stdout);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`XMP is not well-formed XML: ${JSON.stringify(valid.err)}`);
  return {
    text,
    parsed: new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(text) as Record<string, unknown>,
  };
}

/** Each page's content (its streams concatenated, decompressed), as `qpdf --qdf` writes it. */
export function pageContents(pdf: Uint8Array): string[] {
  return withPdf(pdf, (path, dir) => {
    const out = join(dir, 'qdf.pdf');
    tool('qpdf', ['--qdf', '--object-streams=disable', path, out]);
    const text = readFileSync(out, 'latin1');
    const pages: string[] = [];
    for (const m of text.matchAll(
      /%% Contents for page (\d+)\n(?:%%.*\n)?\d+ 0 obj\n[\s\S]*?\nstream\n([\s\S]*?)endstream/g,
    ))
      pages[Number(m[1]) - 1] = (pages[Number(m[1]) - 1] ?? '') + m[2];
    return pages;
  });
}
