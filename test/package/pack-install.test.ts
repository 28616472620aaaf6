/**
 * The packages as a user installs them: `npm pack` every package, install the tarballs into a
 * fresh project outside the repository (registry only, no workspace links), then render from
 * ESM, from CommonJS, type-check from TypeScript and run the installed `platen`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = ['layout', 'core', 'dashboard', 'server', 'cli'];
const rootPackage = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

let work: string;
let project: string;
let tarballs: string[];

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
}

function isPdf(file: string): boolean {
  return readFileSync(file).subarray(0, 5).toString() === '%PDF-';
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'platen-pack-'));
  // The packages are built already (npm ci runs tsc -b and the dashboard's build): no scripts here.
  const packed = JSON.parse(
    run(
      'npm',
      [
        'pack',
        '--json',
        '--ignore-scripts',
        '--pack-destination',
        work,
        ...PACKAGES.flatMap((p) => ['-w', `@platen/${p}`]),
      ],
      repo,
    ),
  ) as { filename: string }[];
  tarballs = packed.map((p) => join(work, p.filename));
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-platen', private: true }));
  // Pinned as in the repository, so that the type check runs the compiler the packages were built with.
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      ...tarballs,
      `typescript@${rootPackage.devDependencies.typescript}`,
      `@types/node@${rootPackage.devDependencies['@types/node']}`,
    ],
    project,
  );
}, 900_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('packed packages', () => {
  it('hold their build, README and LICENSE, and no tests', () => {
    for (const tarball of tarballs) {
      const files = run('tar', ['tzf', tarball], work).split('\n');
      expect(files, tarball).toContain('package/LICENSE');
      expect(files, tarball).toContain('package/README.md');
      expect(
        files.some((f) => f.startsWith('package/test/')),
        tarball,
      ).toBe(false);
      expect(
        files.some((f) => f.endsWith('.tsbuildinfo')),
        tarball,
      ).toBe(false);
      if (!tarball.includes('dashboard'))
        expect(
          files.some((f) => /^package\/dist\/.*\.d\.ts$/.test(f)),
          tarball,
        ).toBe(true);
    }
  });

  it('are installed as copies, not links into the repository', () => {
    for (const name of PACKAGES) {
      const manifest = JSON.parse(
        readFileSync(join(project, 'node_modules/@platen', name, 'package.json'), 'utf8'),
      ) as { name: string };
      expect(manifest.name).toBe(`@platen/${name}`);
    }
    expect(
      readdirSync(join(project, 'node_modules/@platen'), { withFileTypes: true }).every(
        (d) => d.isDirectory() && !d.isSymbolicLink(),
      ),
    ).toBe(true);
  });

  it('render from an ES module', () => {
    writeFileSync(
      join(project, 'esm.mjs'),
      `import { writeFileSync } from 'node:fs';
import { render } from '@platen/core';
writeFileSync('esm.pdf', await render({ html: '<h1>Hello {{name}}</h1>', data: { name: 'ESM' } }));`,
    );
    run('node', ['esm.mjs'], project);
    expect(isPdf(join(project, 'esm.pdf'))).toBe(true);
    expect(run('pdftotext', ['esm.pdf', '-'], project)).toContain('Hello ESM');
  });

  it('render from CommonJS with require()', () => {
    writeFileSync(
      join(project, 'cjs.cjs'),
      `const { writeFileSync } = require('node:fs');
const { render } = require('@platen/core');
render({ html: '<p>Hello {{name}}</p>', data: { name: 'CJS' } }).then((pdf) => writeFileSync('cjs.pdf', pdf));`,
    );
    run('node', ['cjs.cjs'], project);
    expect(run('pdftotext', ['cjs.pdf', '-'], project)).toContain('Hello CJS');
  });

  it.each([
    ['node16', 'node16', 'main.mts'],
    ['bundler', 'esnext', 'main.ts'],
  ])('type-check from TypeScript with moduleResolution %s and skipLibCheck false', (resolution, module, file) => {
    writeFileSync(
      join(project, file),
      `import { render, renderDocument, PlatenError, type PdfFormat, type RenderOptions } from '@platen/core';
const format: PdfFormat = { preset: 'a4-landscape', margins: { top: '.5in' }, text_align: 'justify' };
const options: RenderOptions = { html: '<p>{{x}}</p>', data: { x: 1 }, format };
const pdf: Uint8Array = await render(options);
const { pageCount } = await renderDocument(options);
// @ts-expect-error: presets are a literal union
const wrong: PdfFormat = { preset: 'a5' };
export { pdf, pageCount, wrong, PlatenError };
`,
    );
    run(
      'npx',
      [
        'tsc',
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        'false',
        '--target',
        'es2022',
        '--module',
        module,
        '--moduleResolution',
        resolution,
        '--types',
        'node',
        file,
      ],
      project,
    );
  });

  it('run the installed platen command', () => {
    const { version } = JSON.parse(readFileSync(join(repo, 'packages/cli/package.json'), 'utf8')) as {
      version: string;
    };
    expect(run('npx', ['--no-install', 'platen', '--version'], project).trim()).toBe(version);
    writeFileSync(join(project, 'hello.html'), '<p>Hello {{who}}</p>');
    writeFileSync(join(project, 'data.json'), '{"who":"CLI"}');
    run('npx', ['--no-install', 'platen', 'render', 'hello.html', '--data', 'data.json', '-o', 'cli.pdf'], project);
    expect(run('pdftotext', ['cli.pdf', '-'], project)).toContain('Hello CLI');
  });
});
