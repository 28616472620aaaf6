import { readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { renderDocument, type PageComponents, type PdfFormat } from '@platen/core';
import { parseCommand } from '../args.js';
import { UsageError, UserError } from '../usage.js';
import { parseJobs, reportBatch, runBatch } from './batch.js';
import { PDF_FLAGS, PDF_HELP, readPdfOptions } from './pdf-flags.js';

export { fail } from '../usage.js';

const HELP = `Usage: platen render <template.html|-> [options]

Options:
  --data <file.json|->      values for the template's variables (default {})
  --format <value>          a preset (a4, a4-landscape, letter, letter-landscape, square),
                            a PdfFormat JSON object, or @file.json
  --header <file.html>      header component, repeated on every page
  --footer <file.html>      footer component; may use <span class="pageNumber"></span>
                            and <span class="totalPages"></span>
  --header-first <file.html|none>  the first page's own header ("none": no header
                            there); likewise --footer-first, --header-last, --footer-last
                            (the last page's); a one-page document takes the first's
  --block <id=file.html>    a block component for <svc-block id="id">, repeatable
  --font-dir <dir>          a folder of fonts the template can use by family name, searched
                            before the fonts installed on this machine; repeatable
  -o, --output <file|->     where to write the PDF (default: the template's name with .pdf;
                            "-" writes to stdout)
  --batch <items.ndjson>    mail merge: one PDF per line (a JSON object of values),
                            rendered on all cores; failed lines are reported at the end
  --out-dir <dir>           where --batch writes its PDFs (required with --batch)
  --jobs <N>                worker threads for --batch (default: one per core)
  --name-field <field>      name each PDF after this field of its line (default: the
                            line number)
  -h, --help                show this help
${PDF_HELP}
Relative URLs in the template (images, stylesheets, fonts) resolve against its folder.
`;

export async function runRender(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args);
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const [templatePath, ...extra] = positionals;
  if (templatePath === undefined)
    throw new UsageError('render needs a template file (or "-" for stdin); see "platen render --help"');
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);

  if (values.batch !== undefined) {
    await renderBatch(templatePath, values);
    return;
  }
  const html = await readInput(templatePath);
  const data = values.data === undefined ? {} : parseJson(await readInput(values.data), `--data ${values.data}`);
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new UsageError(`--data must hold a JSON object`);
  const pdf = await readPdfOptions(values);
  const result = await renderDocument({
    html,
    data,
    ...(values.format === undefined ? {} : { format: await readFormat(values.format) }),
    header: values.header === undefined ? null : await readFile(values.header, 'utf8'),
    footer: values.footer === undefined ? null : await readFile(values.footer, 'utf8'),
    ...(await readPageComponents(values)),
    blocks: await readBlocks(values.block ?? []),
    baseDir: templatePath === '-' ? process.cwd() : dirname(resolve(templatePath)),
    fontDirs: fontDirs(values),
    ...(pdf ? { pdf } : {}),
  });
  for (const d of result.diagnostics) process.stderr.write(`platen: ${d.severity}: ${d.message}\n`);
  await writeOutput(values.output ?? defaultOutput(templatePath), result.pdf);
}

function parseCommandLine(args: string[]) {
  return parseCommand('render', args, {
    data: { type: 'string' },
    format: { type: 'string' },
    header: { type: 'string' },
    footer: { type: 'string' },
    'header-first': { type: 'string' },
    'footer-first': { type: 'string' },
    'header-last': { type: 'string' },
    'footer-last': { type: 'string' },
    block: { type: 'string', multiple: true },
    'font-dir': { type: 'string', multiple: true },
    output: { type: 'string', short: 'o' },
    batch: { type: 'string' },
    'out-dir': { type: 'string' },
    jobs: { type: 'string' },
    'name-field': { type: 'string' },
    ...PDF_FLAGS,
  });
}

type CommandValues = ReturnType<typeof parseCommandLine>['values'];

/** `--batch`: the template, format and components are read once; each line is the data. */
async function renderBatch(templatePath: string, values: CommandValues): Promise<void> {
  if (templatePath === '-') throw new UsageError('--batch needs the template as a file, not stdin');
  if (values['out-dir'] === undefined) throw new UsageError('--batch needs --out-dir <dir>');
  if (values.output !== undefined || values.data !== undefined)
    throw new UsageError('--batch takes its data from the NDJSON lines: drop --data and --output');
  const pdf = await readPdfOptions(values);
  const summary = await runBatch({
    template: {
      html: await readFile(templatePath, 'utf8'),
      ...(values.format === undefined ? {} : { format: { ...(await readFormat(values.format)) } }),
      header: values.header === undefined ? null : await readFile(values.header, 'utf8'),
      footer: values.footer === undefined ? null : await readFile(values.footer, 'utf8'),
      ...(await readPageComponents(values)),
      blocks: await readBlocks(values.block ?? []),
      baseDir: dirname(resolve(templatePath)),
      fontDirs: fontDirs(values),
      ...(pdf ? { pdf } : {}),
    },
    itemsPath: values.batch as string,
    outDir: values['out-dir'],
    ...(values.jobs === undefined ? {} : { jobs: parseJobs(values.jobs) as number }),
    ...(values['name-field'] === undefined ? {} : { nameField: values['name-field'] }),
  });
  reportBatch(summary);
}

/** `--header-first`, `--footer-last`…: the first and last page's own components, "none" for none. */
async function readPageComponents(
  values: CommandValues,
): Promise<{ firstPage?: PageComponents; lastPage?: PageComponents }> {
  const read = async (page: 'first' | 'last'): Promise<PageComponents | null> => {
    const out: { header?: string | null; footer?: string | null } = {};
    for (const slot of ['header', 'footer'] as const) {
      const file = values[`${slot}-${page}`];
      if (file !== undefined) out[slot] = file === 'none' ? null : await readFile(file, 'utf8');
    }
    return Object.keys(out).length > 0 ? out : null;
  };
  const [firstPage, lastPage] = [await read('first'), await read('last')];
  return { ...(firstPage ? { firstPage } : {}), ...(lastPage ? { lastPage } : {}) };
}

/** `--font-dir` folders, absolute (batch workers resolve nothing against their own cwd). */
function fontDirs(values: CommandValues): string[] {
  return (values['font-dir'] ?? []).map((dir) => resolve(dir));
}

async function readInput(path: string): Promise<string> {
  if (path !== '-') return readFile(path, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A preset name, inline PdfFormat JSON, or @file.json. */
async function readFormat(value: string): Promise<PdfFormat> {
  const text = value.startsWith('@') ? await readFile(value.slice(1), 'utf8') : value;
  const format = text.trimStart().startsWith('{') ? parseJson(text, `--format ${value}`) : { preset: text.trim() };
  if (format === null || typeof format !== 'object' || Array.isArray(format))
    throw new UsageError('--format must be a preset or a JSON object');
  return format as PdfFormat;
}

async function readBlocks(specs: readonly string[]): Promise<Record<string, string>> {
  const blocks: Record<string, string> = {};
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq <= 0) throw new UsageError(`--block wants id=file.html, got "${spec}"`);
    blocks[spec.slice(0, eq)] = await readFile(spec.slice(eq + 1), 'utf8');
  }
  return blocks;
}

function defaultOutput(templatePath: string): string {
  if (templatePath === '-') return '-';
  return join(dirname(templatePath), basename(templatePath).replace(/\.html?$/i, '') + '.pdf');
}

/**
 * Write the PDF. A regular file is written atomically (temp file + rename), so that a failed
 * render never leaves half a PDF; anything else that exists (a FIFO, a device such as
 * /dev/null, /dev/stdout) is written in place, never replaced by a file.
 */
async function writeOutput(path: string, pdf: Uint8Array): Promise<void> {
  if (path === '-') {
    if (process.stdout.isTTY)
      throw new UserError('will not write a PDF to the terminal: give -o file.pdf or redirect the output');
    await new Promise<void>((done, failed) => process.stdout.write(pdf, (error) => (error ? failed(error) : done())));
    return;
  }
  const existing = await stat(path).catch(() => null);
  if (existing?.isDirectory()) throw new UserError(`${path} is a folder: give a file name with -o`);
  if (existing && !existing.isFile()) {
    await writeFile(path, pdf);
    return;
  }
  const target = existing ? await realpath(path) : path; // through a symlink, replace the file it points to
  const folder = dirname(resolve(target));
  if (!(await stat(folder).catch(() => null))?.isDirectory())
    throw new UserError(`the output folder ${folder} does not exist`);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, pdf);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}
