#!/usr/bin/env node
// Builds set M of the public templates (README.md beside this file), held out from session 15 on:
// measured only (blind). Sources none of sets A–L and P use:
//   node fidelity/public/setm-cases.mjs /work/npm-setm /work/.mirror /work/public/setm
// <npm prefix> holds handlebars@4.7.8, sass@1.83.0, markdown-it@14.1.0, js-yaml@4.1.0, juice@12.2.0,
// @usewaypoint/email-builder@0.0.9, react@18.3.1, react-dom@18.3.1, zod@3.23.8 and bootstrap530@npm:bootstrap@5.3.0-alpha3;
// <mirrors> holds one clone per repository as owner+name/repo (the `fetch` tool): JamesPaden/css-paged-media-tutorial,
// leemunroe/grunt-email-workflow, usewaypoint/email-builder-js, elipapa/markdown-cv, xriley/DevResume-Theme,
// crater-invoice/crater, AIM3r4j/pdfile, itswadesh/pdf-from-hbs, BafS/Gutenberg, mblode/marx,
// yegor256/tacit.
// Every script is dropped (Platen runs none), remote resources too, as in set D.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { caseKit, defaultExport, dropScripts } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setm-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { require, pkgDir, gitText, gitFile, folderFiles } = kit;
const writeCase = (name, html, meta, files) => kit.writeCase(name, dropScripts(html), meta, files);
/** Files of a mirrored repository keyed by their path in the case: { 'css/a.css': 'src/css/a.css' }. */
const repoFiles = (repo, commit, paths) =>
  Object.fromEntries(Object.entries(paths).map(([target, path]) => [target, gitFile(repo, path, commit)]));

// 1. The lessons of the CSS Paged Media tutorial that Andreas Jung (zopyx) wrote for XML London 2015
// (JamesPaden/css-paged-media-tutorial, a copy of zopyx/css-paged-media-tutorial, which has no snapshot here;
// no licence stated): each lesson's index.html and styles.css, written for PDFreactor, Prince and Antenna
// House (running elements, footnotes, margin boxes, named pages), printed by Chromium's own print, with the
// shared stylesheets of styles/ (page sizes, the Lato fonts) the lessons import as ../styles/. The
// guideline lesson is Onkopedia's G-CSF guideline in German (its fonts, logos and stylesheets; its script,
// which rewrites the page before printing, dropped).
{
  const repo = 'JamesPaden/css-paged-media-tutorial';
  const commit = '9843ed440e0b30ef1dd4ccc8127c19547ae40851';
  const skip = /\.(pdf|pt|ini|rst|js|emf)$|(^|\/)(Makefile|README[^/]*|o\.html|draft\.(html|css))$/i;
  const styles = Object.fromEntries(
    Object.entries(folderFiles(repo, 'styles', /\.(pdf|txt)$/i, commit)).map(([rel, content]) => [
      `styles/${rel}`,
      content,
    ]),
  );
  for (const [name, lesson] of [
    ['report-paged-tutorial-guideline', 'lesson-guideline'],
    ['report-paged-tutorial-tables', 'lesson-tables'],
    ['report-paged-tutorial-multi-columns', 'lesson-multi-columns'],
    ['report-paged-tutorial-hyphenation', 'lesson-hyphenation'],
    ['report-paged-tutorial-named-pages', 'lesson-named-pages'],
    ['report-paged-tutorial-running-elements', 'lesson-running-elements'],
    ['report-paged-tutorial-page-numbers', 'lesson-page-numbers'],
    ['report-paged-tutorial-footnotes-columns', 'lesson-footnotes-multi-columns'],
  ]) {
    const files = folderFiles(repo, lesson, skip, commit);
    const html = files['index.html'].toString('utf8');
    delete files['index.html'];
    for (const [rel, content] of Object.entries(files))
      if (rel.endsWith('.css')) files[rel] = content.toString('utf8').replaceAll('../styles/', 'styles/');
    const usesStyles = Object.values(files).some((c) => typeof c === 'string' && c.includes('styles/'));
    writeCase(
      name,
      html,
      { description: `${repo} ${lesson}/index.html at ${commit.slice(0, 7)}` },
      { ...files, ...(usesStyles ? styles : {}) },
    );
  }
}

// 2. Lee Munroe's Grunt e-mail workflow (leemunroe/grunt-email-workflow, MIT): its three Handlebars e-mails
// (src/emails/*.hbs) in its layout, composed as its build does (assemble: the layout's `{{ body }}` is the
// page, the partials of src/partials expanded; the SCSS of src/css/scss/default compiled by sass and inlined
// by juice with its grunt/juice.js options). The data of src/data/default.yml and the page's subject stay
// Handlebars expressions, with data.json holding their values, so these cases are real Handlebars templates.
// The chart partial's image is remote, so dropped.
{
  const repo = 'leemunroe/grunt-email-workflow';
  const commit = 'ebc83d5dcc28e5e21b2cd4e14d54cdf98e60c648';
  const handlebars = require('handlebars').create();
  const yaml = require('js-yaml');
  const juice = defaultExport(require('juice'));
  const sass = require('sass');
  for (const partial of [
    'components/button',
    'components/chart',
    'components/divider',
    'components/notice',
    'follow_lee',
  ])
    handlebars.registerPartial(partial.split('/').pop(), gitText(repo, `src/partials/${partial}.hbs`, commit));
  const css = sass.compileString(
    gitText(repo, 'src/css/scss/default/main.scss', commit).replace(/@import '(\w+)';/g, (_, part) =>
      gitText(repo, `src/css/scss/default/_${part}.scss`, commit),
    ),
    { style: 'expanded', logger: sass.Logger.silent },
  ).css;
  const layout = gitText(repo, 'src/layouts/default.hbs', commit).replace(
    /<link href="\.\.\/src\/css\/main\.css"[^>]*>/,
    `<style>\n${css}\n</style>`,
  );
  const defaults = yaml.load(gitText(repo, 'src/data/default.yml', commit));
  for (const [name, email] of [
    ['mail-grunt-workflow-transaction', 'transaction'],
    ['mail-grunt-workflow-branded', 'branded'],
    ['mail-grunt-workflow-components', 'components'],
  ]) {
    const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(gitText(repo, `src/emails/${email}.hbs`, commit));
    const data = { subject: yaml.load(front).subject, default: defaults };
    const page = handlebars.compile(layout.replace('{{ body }}', body))(expressionsOf(data));
    const inlined = juice(page, {
      preserveMediaQueries: true,
      applyAttributesTableElements: true,
      applyWidthAttributes: true,
      preserveImportant: true,
      preserveFontFaces: true,
    });
    const images = [...inlined.matchAll(/\bsrc="\.\.\/src\/(img\/[^"]+)"/g)].map(([, path]) => path);
    writeCase(
      name,
      inlined.replaceAll('src="../src/img/', 'src="img/'),
      {
        description: `${repo} src/emails/${email}.hbs at ${commit.slice(0, 7)}, built as its Gruntfile does`,
        handlebars: true,
      },
      {
        'data.json': JSON.stringify(data, null, 1) + '\n',
        ...Object.fromEntries(images.map((path) => [path, gitFile(repo, `src/${path}`, commit)])),
      },
    );
  }
}

/** The data of a template, each value replaced by the Handlebars expression that prints it (`{{default.x}}`),
 * so that rendering the template's layout and partials leaves a template over that data. */
function expressionsOf(data, path = []) {
  const { SafeString } = require('handlebars');
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      value && typeof value === 'object'
        ? expressionsOf(value, [...path, key])
        : new SafeString(`{{${[...path, key].join('.')}}}`),
    ]),
  );
}

// 3. Waypoint's EmailBuilder.js (usewaypoint/email-builder-js, MIT): the sample e-mails of its editor
// (examples/vite-emailbuilder-mui/src/getConfiguration/sample/*.ts, documents of blocks) rendered to HTML by
// its own renderer, `renderToStaticMarkup` of @usewaypoint/email-builder 0.0.9 from npm, as its editor's
// HTML export does. Their images are remote, so dropped.
{
  const repo = 'usewaypoint/email-builder-js';
  const commit = 'ce3e610749fc80d7e999b20e28f6e775bfe09da7';
  const { renderToStaticMarkup } = require('@usewaypoint/email-builder');
  const folder = 'examples/vite-emailbuilder-mui/src/getConfiguration/sample';
  for (const [name, sample] of [
    ['mail-waypoint-order-ecommerce', 'order-ecommerce'],
    ['mail-waypoint-subscription-receipt', 'subscription-receipt'],
    ['mail-waypoint-reset-password', 'reset-password'],
    ['mail-waypoint-post-metrics-report', 'post-metrics-report'],
    ['mail-waypoint-reservation-reminder', 'reservation-reminder'],
  ]) {
    // (the TypeScript module is one object literal: its import and type annotation dropped)
    const source = gitText(repo, `${folder}/${sample}.ts`, commit)
      .replace(/^import .*$/gm, '')
      .replace(/:\s*TEditorConfiguration/, '')
      .replace(/export default (\w+);/, 'module.exports = $1;');
    const context = { module: {} };
    vm.runInNewContext(source, context);
    writeCase(name, renderToStaticMarkup(context.module.exports, { rootBlockId: 'root' }), {
      description: `${repo} ${folder}/${sample}.ts at ${commit.slice(0, 7)}, rendered by @usewaypoint/email-builder 0.0.9`,
    });
  }
}

// 4. Crater's PDF reports (crater-invoice/crater, AGPL-3.0; an invoicing app built on Laravel that prints
// them with dompdf): resources/views/app/pdf/reports/{sales-customers,expenses}.blade.php, their Blade
// turned into Handlebars (bladeToHandlebars) over a sample company's month in data.json, the amounts written as
// its format_money_pdf helper writes them (app/Space/helpers.php), the labels from its English locale.
{
  const repo = 'crater-invoice/crater';
  const commit = '05d5ce26fdd8d9466009163444e944259bc0cc2a';
  const lang = JSON.parse(gitText(repo, 'resources/scripts/locales/en.json', commit));
  // format_money_pdf: cents → the amount with its symbol in a DejaVu Sans span (US dollars)
  const money = (cents) =>
    `<span style="font-family: DejaVu Sans;">$</span>${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const period = { company: { name: 'Northwind Studio LLC' }, from_date: '01/10/2026', to_date: '31/10/2026' };
  const sales = [
    [
      'Acme Corporation',
      [
        ['03/10/2026', 'INV-000118', 240000],
        ['17/10/2026', 'INV-000124', 86550],
      ],
    ],
    ['Globex Inc.', [['09/10/2026', 'INV-000121', 129900]]],
    [
      'Initech',
      [
        ['12/10/2026', 'INV-000122', 45000],
        ['21/10/2026', 'INV-000127', 31275],
        ['30/10/2026', 'INV-000131', 99000],
      ],
    ],
  ];
  const total = (invoices) => invoices.reduce((sum, [, , cents]) => sum + cents, 0);
  const customers = sales.map(([name, invoices]) => ({
    name,
    invoices: invoices.map(([date, number, cents]) => ({
      formattedInvoiceDate: date,
      invoice_number: number,
      base_total: money(cents),
    })),
    totalAmount: money(total(invoices)),
  }));
  const expenses = [
    ['Office Rent', 180000],
    ['Software Subscriptions', 24350],
    ['Travel', 61220],
    ['Utilities', 15785],
  ];
  for (const [name, report, data] of [
    [
      'report-crater-sales-customers',
      'sales-customers',
      { ...period, customers, totalAmount: money(total(sales.flatMap(([, invoices]) => invoices))) },
    ],
    [
      'report-crater-expenses',
      'expenses',
      {
        ...period,
        expenseCategories: expenses.map(([category, cents]) => ({
          category: { name: category },
          total_amount: money(cents),
        })),
        totalExpense: money(expenses.reduce((sum, [, cents]) => sum + cents, 0)),
      },
    ],
  ]) {
    const path = `resources/views/app/pdf/reports/${report}.blade.php`;
    writeCase(
      name,
      bladeToHandlebars(gitText(repo, path, commit), lang),
      { description: `${repo} ${path} at ${commit.slice(0, 7)}, as Handlebars with a sample month`, handlebars: true },
      { 'data.json': JSON.stringify(data, null, 1) + '\n' },
    );
  }
}

/**
 * The Blade these reports use written as Handlebars: `{{ $a->b }}` → `{{a.b}}`, `{!! format_money_pdf($x, …) !!}`
 * → `{{{x}}}` (the data holds the formatted amount), `@foreach ($list as $item)` → `{{#each list as |item|}}`,
 * `@lang('key')` → the English text; the Thai locale's font include is dropped (the locale is English).
 * Throws on any Blade left over.
 */
function bladeToHandlebars(source, lang) {
  const path = (expr) => expr.trim().replace(/^\$/, '').replace(/->/g, '.');
  const page = source
    .replace(/@if \(App::isLocale\('th'\)\)\s*@include\([^)]*\)\s*@endif/g, '')
    .replace(/@lang\((['"])(\w+)\1\)/g, (_, quote, key) => lang[key])
    .replace(
      /@foreach\s*\(\s*(\$[\w>-]+)\s+as\s+\$(\w+)\s*\)/g,
      (_, list, item) => `{{#each ${path(list)} as |${item}|}}`,
    )
    .replace(/@endforeach/g, '{{/each}}')
    .replace(/\{!!\s*format_money_pdf\(([^,]+),[^)]*\)\s*!!\}/g, (_, expr) => `{{{${path(expr)}}}}`)
    .replace(/\{\{\s*(\$[\w>-]+)\s*\}\}/g, (_, expr) => `{{${path(expr)}}}`);
  const left = /\{!!|@(if|foreach|include|php|lang)\b|\{\{\s*\$/.exec(page);
  if (left) throw new Error(`Blade left in the page: ${page.slice(left.index, left.index + 60)}`);
  return page;
}

// 5. Handlebars templates of HTML-to-PDF tools, with their own data (real Handlebars: template.html and data.json).
// PDFile (AIM3r4j/pdfile, MIT; prints Handlebars templates with puppeteer at A4 with 10 mm margins): its example
// invoice example/templates/pdf-invoice.hbs with example/templates/pdf-invoice.hbs.json; the Bootstrap 5.3.0-alpha3
// it links from a CDN pointed at the same version from npm (its integrity attribute dropped with the link's
// remote origin), Google Fonts and the iconify script dropped.
{
  const repo = 'AIM3r4j/pdfile';
  const commit = '2498ca8aa33aab26c31af8b9784a9d9da5b015e6';
  const html = gitText(repo, 'example/templates/pdf-invoice.hbs', commit).replace(
    /<link href="https:\/\/cdn\.jsdelivr\.net\/npm\/bootstrap@5\.3\.0-alpha3\/dist\/css\/bootstrap\.min\.css"[^>]*>/,
    '<link href="vendor/bootstrap/bootstrap.min.css" rel="stylesheet">',
  );
  writeCase(
    'invoice-pdfile-bootstrap',
    html,
    {
      description: `${repo} example/templates/pdf-invoice.hbs at ${commit.slice(0, 7)} with its example data`,
      handlebars: true,
      margin: '10mm',
    },
    {
      'data.json': gitFile(repo, 'example/templates/pdf-invoice.hbs.json', commit),
      'vendor/bootstrap/bootstrap.min.css': readFileSync(join(pkgDir('bootstrap530'), 'dist/css/bootstrap.min.css')),
    },
  );
}

// Litekart's order documents (itswadesh/pdf-from-hbs, MIT by its package.json; an Indian shop's service that
// renders them with handlebars and prints the invoice with puppeteer's defaults, US Letter without margins): the
// GST invoice templates/invoice/gst.html and the order e-mail templates/order/created.hbs, with a sample order in
// the shape its orders API returns (written for this set; the shop's remote logo dropped).
{
  const repo = 'itswadesh/pdf-from-hbs';
  const commit = '201d6a266f5b349ab5bea5a26297b42f5dc57b26';
  const order = {
    orderNo: '1574091',
    createdAt: '27 Nov 2026 18:42',
    total: '₹2,797',
    due_date: '04 Dec 2026',
    address: {
      firstName: 'Priya',
      lastName: 'Sharma',
      address: 'Flat 12, Shanti Apartments, Linking Road, Bandra West',
      city: 'Mumbai',
      state: 'Maharashtra',
      phone: '9820012345',
    },
    items: [
      { _id: '6204', name: 'Cotton Kurta, Indigo', sku: 'KRT-IND-M', size: 'M', qty: 1, price: '1,299' },
      { _id: '6109', name: 'Block-print Dupatta', sku: 'DPT-BLK-01', size: 'Free', qty: 1, price: '649' },
      { _id: '6302', name: 'Leather Kolhapuri Sandals', sku: 'SND-KLP-7', size: '7', qty: 1, price: '849' },
    ],
    amount: { details: { subtotal: '2,797', shipping: '0' }, total: '2,797' },
  };
  for (const [name, path, meta] of [
    ['invoice-litekart-gst', 'templates/invoice/gst.html', { format: 'Letter', margin: '0' }],
    ['mail-litekart-order-created', 'templates/order/created.hbs', {}],
  ]) {
    writeCase(
      name,
      gitText(repo, path, commit),
      { description: `${repo} ${path} at ${commit.slice(0, 7)} with a sample order`, handlebars: true, ...meta },
      { 'data.json': JSON.stringify(order, null, 1) + '\n' },
    );
  }
}

// 6. Résumés.
// Markdown CV (elipapa/markdown-cv, MIT): Isaac Newton's CV of its index.md (kramdown, here markdown-it
// 14.1.0 with HTML allowed) in its Jekyll layout _layouts/cv.html (its Liquid written out: title and
// `site.style`), once with each of its two styles; the print stylesheet is linked for `media="print"`.
{
  const repo = 'elipapa/markdown-cv';
  const commit = '5c39febca37e7b2713cb3a6ae0829366972bf5fe';
  const MarkdownIt = require('markdown-it');
  const [, front, markdown] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(gitText(repo, 'index.md', commit));
  const title = /^title:\s*(.*)$/m.exec(front)[1];
  const content = new MarkdownIt({ html: true }).render(markdown);
  for (const style of ['kjhealy', 'davewhipp']) {
    const html = gitText(repo, '_layouts/cv.html', commit)
      .replace('{% if page.title %} {{ page.title }} | {% endif %}', ` ${title} | `)
      .replaceAll('{{ site.style }}', style)
      .replace('{{ content }}', content);
    writeCase(
      `resume-markdown-cv-${style}`,
      html,
      { description: `${repo} index.md in _layouts/cv.html at ${commit.slice(0, 7)}, style ${style}` },
      repoFiles(repo, commit, {
        [`media/${style}-screen.css`]: `media/${style}-screen.css`,
        [`media/${style}-print.css`]: `media/${style}-print.css`,
      }),
    );
  }
}

// Xiaoying Riley's free Bootstrap 5 résumé template DevResume (xriley/DevResume-Theme; free with the footer's
// attribution link kept, which it is): index.html with its own Bootstrap build devresume.css and profile
// picture. Font Awesome is its JavaScript SVG build, which does not run, so the icons are absent; Google Fonts
// dropped. (Her Orbit template is left out: set C's jsonresume-theme-orbit is built on its design.)
{
  const repo = 'xriley/DevResume-Theme';
  const commit = 'c661dc44f010d1c3d008e9c0bac1efce0732ba5d';
  writeCase(
    'resume-devresume',
    gitText(repo, 'index.html', commit),
    { description: `${repo} index.html at ${commit.slice(0, 7)}` },
    repoFiles(repo, commit, {
      'assets/css/devresume.css': 'assets/css/devresume.css',
      'assets/images/resume-profile.png': 'assets/images/resume-profile.png',
    }),
  );
}

// 7. Print stylesheets and classless CSS libraries, their own demo pages (MIT).
// Gutenberg (BafS/Gutenberg, "modern framework to print the web correctly"): docs/{modern,oldstyle}.html, which
// link its print stylesheet and a theme from unpkg for `media="print"`, pointed at dist/ of the same commit.
{
  const repo = 'BafS/Gutenberg';
  const commit = 'cec4afe4bcdd9ee4789557a44d14fef0a8d890cb';
  for (const theme of ['modern', 'oldstyle']) {
    const html = gitText(repo, `docs/${theme}.html`, commit)
      .replace(`//unpkg.com/gutenberg-css/dist/themes/${theme}.min.css`, `dist/themes/${theme}.min.css`)
      .replace('//unpkg.com/gutenberg-css"', 'dist/gutenberg.min.css"');
    writeCase(
      `report-gutenberg-${theme}`,
      html,
      { description: `${repo} docs/${theme}.html at ${commit.slice(0, 7)}, stylesheets from dist/` },
      repoFiles(repo, commit, {
        'dist/gutenberg.min.css': 'dist/gutenberg.min.css',
        [`dist/themes/${theme}.min.css`]: `dist/themes/${theme}.min.css`,
        'gutenberg.png': 'docs/gutenberg.png',
      }),
    );
  }
}

// Marx (mblode/marx, "the classless CSS reset"): its index.html with css/marx.min.css (placeholder photos remote,
// so dropped). Tacit (yegor256/tacit): its index.html with tacit.min.css compiled from scss/main.scss by sass
// as its Gruntfile's `sass:dev` does, and its logo.
{
  const marx = 'mblode/marx';
  const marxCommit = 'af76a24cf22e622750c332fb9723e34d48385590';
  writeCase(
    'report-marx-demo',
    gitText(marx, 'index.html', marxCommit),
    { description: `${marx} index.html at ${marxCommit.slice(0, 7)}` },
    repoFiles(marx, marxCommit, { 'css/marx.min.css': 'css/marx.min.css' }),
  );
  const tacit = 'yegor256/tacit';
  const tacitCommit = '500681a933d6a49f6c757cfc5e9ea29f746a54fd';
  const work = mkdtempSync(join(tmpdir(), 'setm-tacit-'));
  for (const [rel, content] of Object.entries(folderFiles(tacit, 'scss', /^$/, tacitCommit)))
    writeFileSync(join(work, rel), content);
  const css = require('sass').compile(join(work, 'main.scss'), { style: 'compressed' }).css;
  rmSync(work, { recursive: true, force: true });
  writeCase(
    'report-tacit-demo',
    gitText(tacit, 'index.html', tacitCommit),
    { description: `${tacit} index.html at ${tacitCommit.slice(0, 7)}, tacit.min.css compiled by sass 1.83.0` },
    { 'tacit.min.css': css, ...repoFiles(tacit, tacitCommit, { 'tacit_logo.png': 'tacit_logo.png' }) },
  );
}
