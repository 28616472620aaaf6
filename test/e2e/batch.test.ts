/** `platen render --batch`: a mail merge through the built CLI, in a child process. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractText } from '../helpers/poppler.js';

const cli = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));

function platen(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('node', [cli, ...args], { encoding: 'utf8', maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

let dir: string;
let template: string;
beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run "npm run build" (npm ci does it)`);
  dir = mkdtempSync(join(tmpdir(), 'platen-batch-'));
  template = join(dir, 'letter.html');
  writeFileSync(
    template,
    '<!doctype html><html><body><h1>Dear {{name}}</h1><p>Your order {{order}} has shipped.</p></body></html>',
  );
});

function items(name: string, lines: readonly string[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

describe('platen render --batch', () => {
  it('renders one PDF per line, named by a field, and reports the failed lines at the end without stopping', async () => {
    const file = items('orders.ndjson', [
      JSON.stringify({ name: 'Ann Lee', order: 'A-100' }),
      '{"name": "broken',
      JSON.stringify({ name: 'Bo Chen', order: 'A-101' }),
      '',
      JSON.stringify(['not', 'an', 'object']),
      JSON.stringify({ name: 'Cy Diaz', order: 'A/102' }),
    ]);
    const out = join(dir, 'out-named');
    const result = await platen([
      'render',
      template,
      '--batch',
      file,
      '--out-dir',
      out,
      '--name-field',
      'order',
      '--jobs',
      '2',
    ]);
    expect(result.code).toBe(1);
    expect(readdirSync(out).sort()).toEqual(['A-100.pdf', 'A-101.pdf', 'A_102.pdf']);
    expect(extractText(readFileSync(join(out, 'A-101.pdf')))).toContain('Dear Bo Chen');
    expect(extractText(readFileSync(join(out, 'A_102.pdf')))).toContain('Your order A/102 has shipped.');
    expect(result.stderr).toContain('3 rendered, 2 failed');
    // The failures come last, in line order, after every rendered line.
    const lines = result.stderr.trim().split('\n');
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^platen: line 2: not valid JSON/),
      'platen: line 5: not a JSON object',
    ]);
  });

  it('names files by line number without --name-field and prints plain progress lines when not on a terminal', async () => {
    const file = items(
      'people.ndjson',
      ['Ann', 'Bo', 'Cy', 'Di'].map((name, i) => JSON.stringify({ name, order: `B-${i}` })),
    );
    const out = join(dir, 'out-numbered');
    const result = await platen(['render', template, '--batch', file, '--out-dir', out]);
    expect(result.stderr).toContain('4 rendered, 0 failed');
    expect(result.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf']);
    expect(extractText(readFileSync(join(out, '4.pdf')))).toContain('Dear Di');
    expect(result.stderr).not.toContain('\r');
    expect(result.stderr.match(/^platen: line \d rendered \(\d\/4\)$/gm)).toHaveLength(4);
  });

  it('names files by a dotted --name-field and warns about the lines that lack it', async () => {
    const file = items('nested.ndjson', [
      JSON.stringify({ name: 'Ann', order: { id: 'N-1' } }),
      JSON.stringify({ name: 'Bo', order: {} }),
    ]);
    const out = join(dir, 'out-dotted');
    const result = await platen(['render', template, '--batch', file, '--out-dir', out, '--name-field', 'order.id']);
    expect(result.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['2.pdf', 'N-1.pdf']);
    expect(result.stderr).toContain(
      'platen: warning: line 2: no text or number at --name-field order.id; named after its line',
    );
  });

  it('erases its progress bar on a terminal before the summary', async () => {
    const file = items(
      'tty.ndjson',
      ['Ann', 'Bo'].map((name) => JSON.stringify({ name, order: name })),
    );
    const command = ['node', cli, 'render', template, '--batch', file, '--out-dir', join(dir, 'out-tty')]
      .map((a) => `'${a}'`)
      .join(' ');
    // script(1) runs the command on a pseudo-terminal, as a user's shell would.
    const output = await new Promise<string>((resolve, reject) =>
      execFile('script', ['-qec', command, '/dev/null'], (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    expect(output).toMatch(/\[#+\] 2\/2/);
    expect(output).toMatch(/\r\x1b\[2Kplaten: 2 rendered, 0 failed/);
  });

  it.each([
    ['no --out-dir', ['--batch', 'x.ndjson'], /--out-dir/],
    ['a bad --jobs', ['--batch', 'x.ndjson', '--out-dir', 'o', '--jobs', '0'], /--jobs/],
    ['--data beside --batch', ['--batch', 'x.ndjson', '--out-dir', 'o', '--data', 'd.json'], /--data/],
  ])('refuses %s with a usage error', async (_, args, message) => {
    const result = await platen(['render', template, ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
