/** The `platen` command as users run it: the built CLI in a child process. */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractText } from '../helpers/poppler.js';

const cli = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));
const example = fileURLToPath(new URL('../../examples/invoice/', import.meta.url));

function platen(args: string[], input?: string): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      'node',
      [cli, ...args],
      { encoding: 'buffer', maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr: stderr.toString() });
      },
    );
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
    const result = await platen([
      'render',
      join(example, 'template.html'),
      '--data',
      join(example, 'data.json'),
      '--format',
      'letter',
      '--header',
      join(example, 'header.html'),
      '--footer',
      join(example, 'footer.html'),
      '-o',
      out,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pdf = readFileSync(out);
    const text = extractText(pdf);
    expect(text).toContain('Invoice INV-2026-0042');
    expect(text).toContain('Halden Marine Services Ltd');
    expect(text).toContain('Page 1 of 1');
  });

  it('gives the first and last page their own header/footer with --header-first, --footer-last ("none": none)', async () => {
    const file = (name: string, html: string) => {
      writeFileSync(join(dir, name), html);
      return join(dir, name);
    };
    const doc = file(
      'pages.html',
      '<p>One</p><p style="break-before:page">Two</p><p style="break-before:page">Three</p>',
    );
    const out = join(dir, 'pages.pdf');
    const result = await platen([
      'render',
      doc,
      '--header',
      file('h.html', 'EVERYHEAD'),
      '--footer',
      file('f.html', 'EVERYFOOT'),
      '--header-first',
      'none',
      '--footer-last',
      file('fl.html', 'TOTALSFOOT'),
      '-o',
      out,
    ]);
    expect(result.stderr).toBe('');
    const pages = extractText(readFileSync(out)).split('\f').slice(0, 3);
    expect(pages.map((p) => ['EVERYHEAD', 'EVERYFOOT', 'TOTALSFOOT'].filter((w) => p.includes(w)))).toEqual([
      ['EVERYFOOT'],
      ['EVERYHEAD', 'EVERYFOOT'],
      ['EVERYHEAD', 'TOTALSFOOT'],
    ]);
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
    const batch = await platen([
      'render',
      template,
      '--font-dir',
      fonts,
      '--batch',
      join(dir, 'font-dir.ndjson'),
      '--out-dir',
      join(dir, 'font-dir-out'),
    ]);
    expect(batch.code).toBe(0);
    expect(
      readFileSync(join(dir, 'font-dir-out', readdirSync(join(dir, 'font-dir-out'))[0]!)).toString('latin1'),
    ).toContain('PlatenFixtureMono-Regular');
  });

  it('sets the pdf options from flags: metadata, a Factur-X invoice, encryption from the environment (pdfinfo, pdfdetach)', async () => {
    const xml = fileURLToPath(new URL('../../packages/core/test/pdf/invoice-en16931.xml', import.meta.url));
    const invoice = join(dir, 'e-invoice.pdf');
    const made = await platen(
      [
        'render',
        '-',
        '--author',
        'ACME SARL',
        '--keywords',
        'invoice, 42',
        '--creation-date',
        '2026-03-01T10:00:00Z',
        '--factur-x',
        xml,
        '-o',
        invoice,
      ],
      '<html lang="fr"><title>Facture 42</title><p>Facture</p></html>',
    );
    expect(made.stderr).toBe('');
    const info = execFileSync('pdfinfo', [invoice], { encoding: 'utf8' });
    expect(info).toMatch(/^Title: +Facture 42$/m);
    expect(info).toMatch(/^Author: +ACME SARL$/m);
    expect(info).toMatch(/^Keywords: +invoice, 42$/m);
    expect(info).toMatch(/^CreationDate: +Sun Mar {2}1 10:00:00 2026 UTC$/m);
    expect(info).toMatch(/^Metadata Stream: +yes$/m);
    expect(execFileSync('pdfdetach', ['-list', invoice], { encoding: 'utf8' })).toContain('1: factur-x.xml');

    const locked = join(dir, 'locked.pdf');
    const encrypted = await new Promise<number>((resolve) => {
      const child = execFile(
        'node',
        [cli, 'render', '-', '--permissions', 'print', '-o', locked],
        { env: { ...process.env, PLATEN_PDF_USER_PASSWORD: 's3cret' } },
        (error) => resolve(error ? 1 : 0),
      );
      child.stdin!.end('<p>Locked</p>');
    });
    expect(encrypted).toBe(0);
    expect(() => execFileSync('pdfinfo', [locked], { stdio: 'pipe' })).toThrow();
    expect(execFileSync('pdfinfo', ['-upw', 's3cret', locked], { encoding: 'utf8' })).toMatch(
      /^Encrypted: +yes \(print:yes copy:no change:no addNotes:no algorithm:AES-256\)$/m,
    );
  });

  it('signs with --sign and the passphrase from the environment (pdfsig)', async () => {
    const p12 = fileURLToPath(new URL('../../packages/core/test/pdf/test-signer.p12', import.meta.url));
    const out = join(dir, 'signed.pdf');
    const code = await new Promise<number>((resolve) => {
      const child = execFile(
        'node',
        [cli, 'render', '-', '--sign', p12, '--sign-reason', 'Approved', '-o', out],
        { env: { ...process.env, PLATEN_SIGN_PASSPHRASE: 'platen-test' } },
        (error) => resolve(error ? 1 : 0),
      );
      child.stdin!.end('<p>Signed</p>');
    });
    expect(code).toBe(0);
    const report = execFileSync('pdfsig', [out], { encoding: 'utf8' });
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');

    const shown = join(dir, 'signed-visible.pdf');
    const visible = await new Promise<number>((resolve) => {
      const child = execFile(
        'node',
        [cli, 'render', '-', '--sign', p12, '--sign-visible', '1,300,400,200,60', '-o', shown],
        { env: { ...process.env, PLATEN_SIGN_PASSPHRASE: 'platen-test' } },
        (error) => resolve(error ? 1 : 0),
      );
      child.stdin!.end('<p>Signed</p>');
    });
    expect(visible).toBe(0);
    expect(execFileSync('pdfsig', [shown], { encoding: 'utf8' })).toContain(
      'Signature Validation: Signature is Valid.',
    );
    const json = JSON.parse(execFileSync('qpdf', ['--json=2', shown], { encoding: 'utf8' })) as {
      qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>];
    };
    const widget = Object.values(json.qpdf[1]).find((o) => o.value?.['/FT'] === '/Sig')!.value!;
    expect(widget['/Rect']).toEqual([300, expect.closeTo(381.89, 2), 500, expect.closeTo(441.89, 2)]);
  });

  it('tags by default, --no-tagged leaves the tree out, --pdf-standard pdf/a-2a writes level A (pdfinfo)', async () => {
    const html = '<html lang="en"><title>T</title><p>Tagged</p></html>';
    const [tagged, untagged, levelA] = ['tagged.pdf', 'untagged.pdf', 'a2a.pdf'].map((f) => join(dir, f));
    expect((await platen(['render', '-', '-o', tagged!], html)).code).toBe(0);
    expect((await platen(['render', '-', '--no-tagged', '-o', untagged!], html)).code).toBe(0);
    expect((await platen(['render', '-', '--pdf-standard', 'pdf/a-2a', '-o', levelA!], html)).code).toBe(0);
    expect(execFileSync('pdfinfo', [tagged!], { encoding: 'utf8' })).toMatch(/^Tagged: +yes$/m);
    expect(execFileSync('pdfinfo', [untagged!], { encoding: 'utf8' })).toMatch(/^Tagged: +no$/m);
    const meta = execFileSync('pdfinfo', ['-meta', levelA!], { encoding: 'utf8' });
    expect(meta).toMatch(/<pdfaid:conformance>A<\/pdfaid:conformance>/);
    expect(execFileSync('pdfinfo', [levelA!], { encoding: 'utf8' })).toMatch(/^Tagged: +yes$/m);
  });

  it('refuses pdf options that cannot go together with one line naming the option', async () => {
    const result = await platen(
      ['render', '-', '--pdf-standard', 'pdf/a-2b', '--user-password', 'x', '-o', join(dir, 'never.pdf')],
      '<p>x</p>',
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'platen: invalid_parameter (pdf.encryption): PDF/A forbids encryption (ISO 19005-2 §6.1.3): drop pdf.encryption or pdf.standard "pdf/a-2b".',
    );
  });

  it('names the line of a template syntax error and leaves no file behind', async () => {
    const template = join(dir, 'broken.html');
    writeFileSync(template, '<p>one</p>\n<p>two</p>\n<p>{{name bar=}}</p>\n');
    const result = await platen(['render', template]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/template_syntax_error.*line 3/);
    expect(existsSync(join(dir, 'broken.pdf'))).toBe(false);
  });

  it("keeps Handlebars' detail of a syntax error and names a missing helper with its line", async () => {
    const unclosed = join(dir, 'unclosed.html');
    writeFileSync(unclosed, '<p>\n{{#if a}}\n');
    expect((await platen(['render', unclosed])).stderr).toBe(
      "platen: template_syntax_error: Template syntax error on line 3: Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'\n",
    );
    const helper = join(dir, 'helper.html');
    writeFileSync(helper, '<p>\n{{shout name}}</p>');
    expect((await platen(['render', helper])).stderr).toBe(
      'platen: template_syntax_error: Template error on line 2: Missing helper: "shout"\n',
    );
  });

  describe('writes onto what -o names', () => {
    const source = () => {
      const template = join(dir, 'out.html');
      writeFileSync(template, '<p>written</p>');
      return template;
    };

    it('in place when it is a FIFO, never replacing it by a file', async () => {
      const fifo = join(dir, 'pipe');
      execFileSync('mkfifo', [fifo]);
      const reader = new Promise<Buffer>((resolve, reject) =>
        execFile('cat', [fifo], { encoding: 'buffer' }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
      );
      const result = await platen(['render', source(), '-o', fifo]);
      expect(result.code).toBe(0);
      expect((await reader).subarray(0, 5).toString()).toBe('%PDF-');
      expect(statSync(fifo).isFIFO()).toBe(true);
    });

    it('in place when it is a character device (a private /dev/null)', async () => {
      // As root, a private node of /dev/null's device, so that a regression cannot replace the
      // machine's; otherwise /dev/null itself, whose folder a non-root user cannot write to.
      const device = process.getuid?.() === 0 ? join(dir, 'null') : '/dev/null';
      if (device !== '/dev/null') execFileSync('mknod', [device, 'c', '1', '3']);
      const result = await platen(['render', source(), '-o', device]);
      expect(result.code).toBe(0);
      expect(statSync(device).isCharacterDevice()).toBe(true);
    });

    it('names a missing output folder, and a folder given as the file', async () => {
      const missing = await platen(['render', source(), '-o', join(dir, 'nope', 'x.pdf')]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toBe(`platen: the output folder ${join(dir, 'nope')} does not exist\n`);
      const folder = await platen(['render', source(), '-o', dir]);
      expect(folder.stderr).toBe(`platen: ${dir} is a folder: give a file name with -o\n`);
    });

    it('refuses to write the PDF to a terminal', async () => {
      const command = ['node', cli, 'render', '-'].map((a) => `'${a}'`).join(' ');
      // script(1) gives the command a pseudo-terminal as its output; stdin is the template.
      const output = await new Promise<string>((resolve) => {
        const child = execFile('script', ['-qec', `${command} < '${source()}'`, '/dev/null'], (_error, stdout) =>
          resolve(stdout),
        );
        child.stdin!.end();
      });
      expect(output).toContain('platen: will not write a PDF to the terminal');
      expect(output).not.toContain('%PDF');
    });
  });

  it('is linked as node_modules/.bin/platen by npm install', async () => {
    const bin = fileURLToPath(new URL('../../node_modules/.bin/platen', import.meta.url));
    const output = await new Promise<string>((resolve, reject) =>
      execFile(bin, ['--help'], (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    expect(output).toContain('platen render');
  });

  it('prints its version', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../packages/cli/package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = await platen([flag]);
      expect(result.code).toBe(0);
      expect(result.stdout.toString()).toBe(`${version}\n`);
    }
  });

  it.each([
    [
      ['render', 'x.html', '--fromat', 'a4'],
      'platen: unknown option --fromat for "platen render"; did you mean --format? (see "platen render --help")',
    ],
    [
      ['render', 'x.html', '--outptu=x.pdf'],
      'platen: unknown option --outptu for "platen render"; did you mean --output? (see "platen render --help")',
    ],
    [
      ['serve', '--prot', '3000'],
      'platen: unknown option --prot for "platen serve"; did you mean --port? (see "platen serve --help")',
    ],
    [['render', 'x.html', '--zzz'], 'platen: unknown option --zzz for "platen render" (see "platen render --help")'],
    [['serve', '--port', 'abc'], 'platen: --port must be a port number, got "abc"'],
  ])('answers %j with one line naming the closest option', async (args, line) => {
    const result = await platen(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`${line}\n`);
  });

  it.each(['render', 'serve', 'user create', 'key create', 'user', 'key'])('prints help for %s', async (words) => {
    const command = words.split(' ');
    for (const flag of ['--help', '-h']) {
      const result = await platen([...command, flag]);
      expect(result.code).toBe(0);
      expect(result.stdout.toString()).toMatch(new RegExp(`^Usage: platen ${command[0]}`));
    }
  });

  it('answers account errors with one line, without a stack trace', async () => {
    const dataDir = join(dir, 'accounts');
    const create = [
      'user',
      'create',
      '--email',
      'ann@example.com',
      '--password',
      'correct horse battery',
      '--data-dir',
      dataDir,
    ];
    expect((await platen(create)).code).toBe(0);
    const again = await platen(create);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('platen: A user with email ann@example.com already exists.\n');
    const noOwner = await platen(['key', 'create', '--email', 'bo@example.com', '--name', 'ci', '--data-dir', dataDir]);
    expect(noOwner.code).toBe(1);
    expect(noOwner.stderr).toBe('platen: No user with email bo@example.com.\n');
  });

  it('prints help', async () => {
    const result = await platen(['render', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout.toString()).toContain('--format');
  });
});
