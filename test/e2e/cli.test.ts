/** The `platen` command as users run it: the built CLI in a child process. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractText } from '../helpers/poppler.js';

const cli = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));
const example = fileURLToPath(new URL('../../examples/invoice/', import.meta.url));

function platen(args: string[], input?: string): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile('node', [cli, ...args], { encoding: 'buffer', maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr: stderr.toString() });
    });
    if (input !== undefined) child.stdin!.end(input);
  });
}

let dir: string;
beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run "npm run build" (npm ci does it)`);
  dir = mkdtempSync(join(tmpdir(), 'platen-cli-'));
});

describe('platen render', () => {
  it('renders the example with data, format, header and footer to a file', async () => {
    const out = join(dir, 'invoice.pdf');
    const result = await platen(['render', join(example, 'template.html'), '--data', join(example, 'data.json'), '--format', 'letter',
      '--header', join(example, 'header.html'), '--footer', join(example, 'footer.html'), '-o', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pdf = readFileSync(out);
    const text = extractText(pdf);
    expect(text).toContain('Invoice INV-2026-0042');
    expect(text).toContain('Halden Marine Services Ltd');
    expect(text).toContain('Page 1 of 1');
  });

  it('reads the template from stdin and writes the PDF to stdout', async () => {
    const result = await platen(['render', '-', '-o', '-'], '<p>From stdin</p>');
    expect(result.code).toBe(0);
    expect(result.stdout.subarray(0, 5).toString()).toBe('%PDF-');
    expect(extractText(result.stdout)).toContain('From stdin');
  });

  it('accepts --format as inline JSON and as @file', async () => {
    const formatFile = join(dir, 'format.json');
    writeFileSync(formatFile, JSON.stringify({ preset: 'custom', width: '100mm', height: '50mm' }));
    for (const format of [`@${formatFile}`, '{"preset":"custom","width":"100mm","height":"50mm"}']) {
      const result = await platen(['render', '-', '--format', format, '-o', '-'], '<p>Small</p>');
      expect(result.code).toBe(0);
      expect(result.stdout.toString('latin1')).toMatch(/\/MediaBox \[0 0 283\.46\d* 141\.73\d*\]/);
    }
  });

  it.each([
    ['a missing template', ['render', 'no-such-file.html'], /no-such-file\.html/],
    ['invalid JSON data', ['render', '-', '--data', '-'], /not valid JSON/],
    ['an unknown preset', ['render', '-', '--format', 'a3'], /format\.preset/],
  ])('fails with one clear line on %s', async (_, args, message) => {
    const result = await platen([...args, '-o', join(dir, 'never.pdf')], '{');
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(readdirSync(dir).filter((f) => f.startsWith('never'))).toEqual([]);
  });

  it('uses the fonts of --font-dir folders by family name, in single and batch renders', async () => {
    const fonts = fileURLToPath(new URL('./text-positions/fonts/', import.meta.url));
    const template = join(dir, 'font-dir.html');
    writeFileSync(template, `<p style="font-family: 'Platen Fixture Mono'">Folder font {{n}}</p>`);
    writeFileSync(join(dir, 'font-dir.ndjson'), '{"n":1}\n');
    const single = await platen(['render', template, '--font-dir', fonts, '-o', '-']);
    expect(single.stdout.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+PlatenFixtureMono-Regular/);
    const without = await platen(['render', template, '-o', '-']);
    expect(without.stdout.toString('latin1')).not.toContain('PlatenFixtureMono');
    const batch = await platen(['render', template, '--font-dir', fonts, '--batch', join(dir, 'font-dir.ndjson'), '--out-dir', join(dir, 'font-dir-out')]);
    expect(batch.code).toBe(0);
    expect(readFileSync(join(dir, 'font-dir-out', readdirSync(join(dir, 'font-dir-out'))[0]!)).toString('latin1')).toContain('PlatenFixtureMono-Regular');
  });

  it('names the line of a template syntax error and leaves no file behind', async () => {
    const template = join(dir, 'broken.html');
    writeFileSync(template, '<p>one</p>\n<p>two</p>\n<p>{{name bar=}}</p>\n');
    const result = await platen(['render', template]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/template_syntax_error.*line 3/);
    expect(existsSync(join(dir, 'broken.pdf'))).toBe(false);
  });

  it('is linked as node_modules/.bin/platen by npm install', async () => {
    const bin = fileURLToPath(new URL('../../node_modules/.bin/platen', import.meta.url));
    const output = await new Promise<string>((resolve, reject) => execFile(bin, ['--help'], (error, stdout) => (error ? reject(error) : resolve(stdout))));
    expect(output).toContain('platen render');
  });

  it('prints its version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../packages/cli/package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = await platen([flag]);
      expect(result.code).toBe(0);
      expect(result.stdout.toString()).toBe(`${version}\n`);
    }
  });

  it('prints help', async () => {
    const result = await platen(['render', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout.toString()).toContain('--format');
  });
});
