#!/usr/bin/env node
// Rebuilds set A of the public templates (README.md beside this file) except the JSON Resume cases,
// which jsonresume-cases.mjs writes first (set A was first built by hand in session 5; this script
// does what the README says, see REBUILD-1.md):
//   node fidelity/public/jsonresume-cases.mjs /tmp/npm /tmp/seta actual caffeine … stackoverflow
//   node fidelity/public/seta-cases.mjs /tmp/npm /tmp/mirrors /tmp/seta
// <npm prefix> holds bootstrap@3.3.7 as bootstrap3; <mirrors> one bare clone per repository as
// owner+name/repo. Unlike sets C on, set A keeps its remote links (they fail when the references
// are printed, with no network): only the Bootstrap 3 copies of three themes point at a local file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseKit, dropScripts } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: seta-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const { pkgDir, gitFile, gitText, writeCase } = caseKit(prefix, mirrors, out);
const asIs = { asIs: true };

// 1. elegant, flat and kendall again with their Bootstrap 3 stylesheet (any 3.x CDN link) present:
// npm bootstrap@3.3.7 beside the page, as the dist folder lays it out (css/ and fonts/).
{
  const cdn =
    /https?:\/\/(?:maxcdn\.bootstrapcdn\.com\/bootstrap\/3\.\d\.\d|cdnjs\.cloudflare\.com\/ajax\/libs\/twitter-bootstrap\/3\.\d\.\d)\/css\/bootstrap(\.min)?\.css/g;
  const dist = join(pkgDir('bootstrap3'), 'dist');
  const files = { 'css/bootstrap.min.css': readFileSync(join(dist, 'css', 'bootstrap.min.css')) };
  for (const font of ['eot', 'svg', 'ttf', 'woff', 'woff2'])
    files[`fonts/glyphicons-halflings-regular.${font}`] = readFileSync(
      join(dist, 'fonts', `glyphicons-halflings-regular.${font}`),
    );
  for (const theme of ['elegant', 'flat', 'kendall']) {
    const html = readFileSync(join(out, `resume-${theme}`, 'template.html'), 'utf8').replace(
      cdn,
      'css/bootstrap.min.css',
    );
    writeCase(
      `resume-${theme}-bootstrap`,
      html,
      { description: `jsonresume-theme-${theme} (npm) with resume-schema's sample resume, Bootstrap 3.3.7 from npm` },
      files,
      asIs,
    );
  }
}

// 2. Invoices: Sparksuite's invoice.html; Anvil's invoice.html with invoice.css and invoice-pdf.css joined
// as its generate-pdf.js sends them (60px side margins), the heart image it links on GitHub taken from
// the repository (its logo stays remote).
{
  const repo = 'sparksuite/simple-html-invoice-template';
  writeCase('inv-sparksuite', gitText(repo, 'invoice.html'), { description: `${repo} invoice.html` }, {}, asIs);
}
{
  const repo = 'anvilco/html-pdf-invoice-template';
  const css = gitText(repo, 'invoice.css') + gitText(repo, 'invoice-pdf.css');
  const body = gitText(repo, 'invoice.html').replace(
    'https://github.com/anvilco/html-pdf-invoice-template/raw/main/img/heart.png',
    'img/heart.png',
  );
  const html = `<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>HTML Invoice</title>\n<style>\n${css}</style>\n</head>\n<body>\n${body}</body>\n</html>\n`;
  writeCase(
    'inv-anvil',
    html,
    {
      description: `${repo} invoice.html + invoice.css + invoice-pdf.css as generate-pdf.js joins them`,
      margin: { left: '60px', right: '60px' },
    },
    { 'img/heart.png': gitFile(repo, 'img/heart.png') },
    asIs,
  );
}

// 3. E-mails (already inlined by their authors); Postmark's carry Mustachio tags, expanded with no data.
for (const t of ['action', 'alert', 'billing']) {
  const repo = 'mailgun/transactional-email-templates';
  writeCase(
    `mail-mailgun-${t}`,
    gitText(repo, `templates/inlined/${t}.html`),
    {
      description: `${repo} templates/inlined/${t}.html`,
    },
    {},
    asIs,
  );
}
{
  const repo = 'leemunroe/responsive-html-email-template';
  writeCase(
    'mail-leemunroe',
    gitText(repo, 'email-inlined.html'),
    { description: `${repo} email-inlined.html` },
    {},
    asIs,
  );
}
for (const t of ['invoice', 'receipt', 'welcome']) {
  const repo = 'wildbit/postmark-templates';
  const path = `templates-inlined/basic/${t}/content.html`;
  writeCase(`mail-postmark-${t}`, gitText(repo, path), { description: `${repo} ${path}`, handlebars: true }, {}, asIs);
}

// 4. Paged.js's spec pages (MIT) without the polyfill: Chromium's own print.
{
  const repo = 'pagedjs/pagedjs';
  for (const spec of [
    'breaks/break-inside/break-inside-avoid/break-inside-avoid',
    'counters/counter-pages/counter-pages',
    'margin-boxes/text-align/text-align',
    'margin-boxes/vertical-align/vertical-align',
    'margin-boxes/style/style',
    'named-page/named-page/named-page',
    'page-rules/size/landscape/landscape',
    'breaks/table/avoid-break-rowspan',
    'default/default',
    'notes/footnotes/footnotes',
  ]) {
    const name = spec.startsWith('margin-boxes/')
      ? `paged-margin-boxes-${spec.split('/').at(-1)}`
      : `paged-${spec.split('/').at(-1)}`;
    writeCase(
      name,
      dropScripts(gitText(repo, `specs/${spec}.html`)),
      {
        description: `${repo} (MIT) specs/${spec}.html, without the polyfill: Chromium's own print`,
      },
      {},
      asIs,
    );
  }
}
