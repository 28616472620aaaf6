#!/usr/bin/env node
// Builds set F of the public templates (README.md beside this file), held out from session 8 on,
// except the JSON Resume cases, which jsonresume-cases.mjs writes first; this script then makes
// those self-contained too. Sources none of sets A–E and P use:
//   node fidelity/public/jsonresume-cases.mjs /tmp/setf-npm /tmp/setf paper-plus-plus dinesh github
//   node fidelity/public/setf-cases.mjs /tmp/setf-npm /work/.mirror /tmp/setf
// <npm prefix> holds resume-schema, jsonresume-theme-{paper-plus-plus@0.5.1, dinesh@0.0.7,
// github@0.0.5}, nunjucks@3.2.4 and bootstrap@3.4.1 (as bootstrap341); <mirrors> holds one clone per repository as
// owner+name/repo. Every script is dropped (Platen runs none), remote resources too, as in set D.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseKit, dropScripts } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setf-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { require, gitFile, gitText, folderFiles, localise } = kit;
const writeCase = (name, html, meta, files) => kit.writeCase(name, dropScripts(html), meta, files);

// 1. JSON Resume cases already written by jsonresume-cases.mjs: make them self-contained.
mkdirSync(out, { recursive: true });
for (const name of readdirSync(out).filter((n) => n.startsWith('resume-'))) {
  const file = join(out, name, 'template.html');
  writeFileSync(file, dropScripts(localise(readFileSync(file, 'utf8'), join(out, name))));
}

// 2. A printable invoice written for Eleventy (GPL-3.0): its Nunjucks page rendered with the sample
// data of its index.11tydata.js; the `cssmin` shortcode includes the stylesheet (not minified here).
{
  const repo = 'jay-ike/html-invoices';
  const nunjucks = require('nunjucks');
  const data = { exports: {} };
  new Function('module', 'exports', gitText(repo, 'src/index.11tydata.js'))(data, data.exports);
  const page = gitText(repo, 'src/index.njk').replace(/\{%\s*cssmin\s+"([^"]+)"\s*%\}/g, (_, src) =>
    gitText(repo, `src/_templates/${src}`),
  );
  writeCase('invoice-html-invoices', new nunjucks.Environment().renderString(page, data.exports), {
    description: `${repo} src/index.njk with its sample data (nunjucks ${require('nunjucks/package.json').version})`,
  });
}

// 3. A Bootstrap 3.4.1 invoice (BBBootstrap's snippet) that a Laravel app mails (no licence stated),
// at the commit this set was built from; its remote logo dropped, Bootstrap from npm.
{
  const repo = 'stevy-sys/only-fan';
  const path = 'resources/views/mail/invoice.blade.php';
  writeCase('invoice-bootstrap3', gitText(repo, path, '558a465b97ec5ccde02c1eb6655137442dbfbc5a'), {
    description: `${repo} ${path} at 558a465 (Bootstrap 3.4.1 from npm)`,
  });
}

// 4. InterNations' Antwort e-mail layouts (MIT), the inlined build of each.
for (const layout of ['single-column', 'two-cols-simple', 'three-cols-images']) {
  writeCase(`mail-antwort-${layout}`, gitText('InterNations/antwort', `${layout}/build.html`), {
    description: `InterNations/antwort ${layout}/build.html`,
  });
}

// 5. Sendwithus' open e-mail templates (Apache-2.0), Jinja tags left as they are, remote images dropped.
for (const path of [
  'airmail/invoice',
  'cerberus/hybrid',
  'mantra/receipt',
  'meow/receipt',
  'zen-flat/invoice',
  'oxygen/confirm',
]) {
  writeCase(`mail-sendwithus-${path.replace('/', '-')}`, gitText('sendwithus/templates', `templates/${path}.html`), {
    description: `sendwithus/templates templates/${path}.html`,
  });
}

// 6. openhtmltopdf's demos (LGPL; written for an HTML-to-PDF engine), with their print stylesheets
// and images: a report, counters, form controls, Alice (its links to ../*.css pointed at the copies
// in the case) and Hamlet (a long document with a table of contents).
{
  const repo = 'danfickle/openhtmltopdf';
  const demos = 'openhtmltopdf-examples/src/main/resources/demos';
  const css = Object.fromEntries(['general.css', 'print.css'].map((n) => [n, gitFile(repo, `${demos}/${n}`)]));
  const images = Object.fromEntries(
    Object.entries(folderFiles(repo, `${demos}/images`)).map(([n, c]) => [`images/${n}`, c]),
  );
  for (const demo of ['report', 'counters', 'forms']) {
    writeCase(
      `print-openhtmltopdf-${demo}`,
      gitText(repo, `${demos}/${demo}.xhtml`),
      { description: `${repo} ${demos}/${demo}.xhtml` },
      { ...css, ...images },
    );
  }
  const alice = folderFiles(repo, `${demos}/alice`);
  const html = alice['alice.xhtml'].toString('utf8').replaceAll('href="../', 'href="');
  delete alice['alice.xhtml'];
  writeCase(
    'print-openhtmltopdf-alice',
    html,
    { description: `${repo} ${demos}/alice/alice.xhtml` },
    { ...css, ...alice },
  );
  writeCase('print-openhtmltopdf-hamlet', gitText(repo, `${demos}/hamlet.xhtml`), {
    description: `${repo} ${demos}/hamlet.xhtml`,
  });
}

// 7. Samples collected in CSS-Paged-Media/html2pdf-tool-comparison that sets C, D and P do not use
// (no licence stated; remote images and fonts dropped).
{
  const repo = 'CSS-Paged-Media/html2pdf-tool-comparison';
  for (const [name, path] of [
    ['product-card', 'html/E-Commerce/product-card.html'],
    ['paged-counter-even-numbered', 'html/Paged Media/Page Properties/counter-even-numbered.html'],
  ]) {
    writeCase(name, gitText(repo, path), { description: `${repo} ${path}` });
  }
}

// 8. Paged.js's spec pages (MIT) that sets A and P do not use, without the polyfill: Chromium's own print.
for (const spec of [
  'target/target-text/target-text',
  'string/string-last',
  'splits/tables/rowspan-table',
  'page-selector/page-nth/page-nth',
]) {
  writeCase(`paged-${spec.split('/').at(-1)}`, gitText('pagedjs/pagedjs', `specs/${spec}.html`), {
    description: `pagedjs/pagedjs (MIT) specs/${spec}.html, without the polyfill: Chromium's own print`,
  });
}
