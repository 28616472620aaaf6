#!/usr/bin/env node
// Builds set H of the public templates (README.md beside this file), held out from session 10 on:
// measured only. Sources none of sets A–G and P use:
//   node fidelity/public/seth-cases.mjs /tmp/seth-npm /work/.mirror /tmp/seth
// <npm prefix> holds resume-schema@1.0.1, handlebars@4.7.8, @vivliostyle/vfm@2.7.2,
// @vivliostyle/theme-gutenberg@3.0.0 (with its @vivliostyle/theme-base@3.0.0), react-email@6.9.2,
// react@19.2.0, react-dom@19.2.0 (react-email brings esbuild), mjml@5.4.1, twig@1.17.1,
// markdown-it@13.0.1, github-markdown-css@5.9.0, address-format@0.0.3, handlebars-wax@6.1.0,
// moment@2.30.1, font-awesome@4.7.0 and bootstrap@3.3.7 as bootstrap3; <mirrors> holds one
// clone per repository as owner+name/repo. Every script is dropped (Platen runs none), remote
// resources too, as in set D.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { caseKit, dropScripts, renderGithubTheme } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: seth-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { require, pkgDir, gitFile, gitText, gitList } = kit;
const writeCase = (name, html, meta, files) => kit.writeCase(name, dropScripts(html), meta, files);
const version = (pkg) => JSON.parse(readFileSync(join(pkgDir(pkg), 'package.json'), 'utf8')).version;
/** Files of a repository at a commit, keyed by the path each gets in the case (its path by default). */
const repoFiles = (repo, paths, commit) => Object.fromEntries(paths.map((p) => [p, gitFile(repo, p, commit)]));
/** Paths of the files under `sub` of a folder, relative to the folder. */
const filesUnder = (dir, sub) =>
  readdirSync(join(dir, sub), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)));
mkdirSync(out, { recursive: true });

// 1. JSON Resume themes published on GitHub only (MIT), with resume-schema's sample resume:
// wintermuted's (ESM, Handlebars; its @wintermuted/ui-theme stylesheet is not on the npm registry
// reachable here, so the theme falls back to its own style.css, as it does when that package is
// missing), concise (Handlebars; the normalize.css it reads from its own node_modules is no declared
// dependency, so it is absent) and flatwhite (a fork of americano: Handlebars, moment, Font Awesome 4.7
// from npm).
for (const [name, repo, commit] of [
  ['resume-concise', 'MckennaCisler/jsonresume-theme-concise', '7618c901b22db87594d4581c6edc41311b8f1d4f'],
  ['resume-flatwhite', 'zapidan/jsonresume-theme-flatwhite', 'a3041fe5290347b2f4f920152e38393bfbf094c0'],
  ['resume-wintermuted', 'wintermuted/jsonresume-theme-wintermuted', 'ea49d1e87df4a377c324297b06e7a4a571fd5187'],
]) {
  const [html, description] = await renderGithubTheme(prefix, mirrors, repo, commit);
  writeCase(name, html, { description });
}

// 2. Vivliostyle's themes from npm (CC0; @vivliostyle/theme-base is Apache-2.0 AND CC0-1.0 AND MIT):
// the Markdown of their examples turned into HTML by VFM (what Vivliostyle CLI does for each entry),
// one document per case, the theme's stylesheet linked; its `@vivliostyle/theme-base` imports pointed
// at the copy of that package in the case (resolved through its `exports`), Google Fonts dropped.
// Gutenberg's books are set on A5 paper, as their vivliostyle.config.js asks.
{
  const { stringify } = await import(pathToFileURL(join(pkgDir('@vivliostyle/vfm'), 'lib/index.js')).href);
  const basePkg = '@vivliostyle/theme-base';
  const baseExports = JSON.parse(readFileSync(join(pkgDir(basePkg), 'package.json'), 'utf8')).exports;
  const baseImport = (css) =>
    css.replace(/@import\s+['"]@vivliostyle\/theme-base(\/[\w/-]+)?['"]\s*;/g, (_, sub) => {
      const target = sub ? (baseExports[`.${sub}`] ?? `./css${sub}.css`) : baseExports['.'];
      return `@import url(theme-base/${target.slice(2)});`;
    });
  const baseFiles = Object.fromEntries(
    ['theme.css', ...filesUnder(pkgDir(basePkg), 'css')].map((rel) => [
      `theme-base/${rel}`,
      baseImport(readFileSync(join(pkgDir(basePkg), rel), 'utf8')),
    ]),
  );
  const vfm = (md, style) => stringify(md, { style, language: 'en' });

  const gutenberg = '@vivliostyle/theme-gutenberg';
  for (const [name, book, chapter] of [
    ['book-vivliostyle-sherlock', 'sherlock', 'ch01'],
    ['book-vivliostyle-white-fang', 'fang', 'ch01'],
  ]) {
    const md = readFileSync(join(pkgDir(gutenberg), `example/${book}/${chapter}.md`), 'utf8');
    writeCase(
      name,
      vfm(md, `${book}.css`),
      {
        description: `${gutenberg}@${version(gutenberg)} (npm) example/${book}/${chapter}.md by @vivliostyle/vfm@${version('@vivliostyle/vfm')}, ${book}.css, A5`,
        format: 'A5',
      },
      {
        ...baseFiles,
        'theme.css': baseImport(readFileSync(join(pkgDir(gutenberg), 'theme.css'), 'utf8')),
        [`${book}.css`]: readFileSync(join(pkgDir(gutenberg), `${book}.css`)),
      },
    );
  }

  // theme-base's own example: its three chapters (typography, figures and tables, code and maths)
  // joined into one document with example.css, the page-layout figure included.
  const example = join(pkgDir(basePkg), 'example');
  const md = ['01_typography', '02_figures-and-tables', '03_code-and-math']
    .map((n) => readFileSync(join(example, `${n}.md`), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''))
    .join('\n\n');
  writeCase(
    'report-vivliostyle-theme-base',
    vfm(md, 'example.css'),
    { description: `${basePkg}@${version(basePkg)} (npm) example/*.md joined, by VFM, with example.css` },
    {
      ...baseFiles,
      'example.css': baseImport(readFileSync(join(example, 'example.css'), 'utf8')),
      'assets/page-layout.svg': readFileSync(join(example, 'assets/page-layout.svg')),
    },
  );
}

// 3. Long documents on print-friendly CSS libraries (MIT): Tufte CSS's own demo article (sidenotes,
// margin figures, ET Book fonts) and LaTeX.css's demo page (Latin Modern fonts, theorem blocks,
// its Prism stylesheet), each with the files it links; remote images, MathJax and the video dropped.
{
  const repo = 'edwardtufte/tufte-css';
  const commit = '957e9c6dc3646ab1847ebe41fdb853e59ecf8579';
  const files = Object.fromEntries(
    gitList(repo, 'et-book')
      .concat(gitList(repo, 'img'), ['tufte.css', 'latex.css'])
      .map((p) => [p, gitFile(repo, p, commit)]),
  );
  writeCase(
    'report-tufte-css',
    gitText(repo, 'index.html', commit).replace(/<iframe\b[\s\S]*?<\/iframe>/gi, ''),
    { description: `${repo} index.html at ${commit.slice(0, 7)} with its fonts and images` },
    files,
  );
}
{
  const repo = 'vincentdoerig/latex-css';
  const commit = '1fbe1d74f8ca33595a1d50c677810033da40aa52';
  writeCase(
    'report-latex-css',
    gitText(repo, 'index.html', commit),
    { description: `${repo} index.html at ${commit.slice(0, 7)} with its fonts and Prism stylesheet` },
    repoFiles(repo, ['style.css', 'prism/prism.css', ...gitList(repo, 'fonts')], commit),
  );
}

// 4. A Markdown document printed the way Markdown-to-PDF tools do it: markdown-it's README turned
// into HTML by markdown-it itself, inside github-markdown-css's `.markdown-body` (MIT both).
{
  const md = require('markdown-it')({ html: true, linkify: true });
  const readme = readFileSync(join(pkgDir('markdown-it'), 'README.md'), 'utf8');
  const css = 'github-markdown-css';
  writeCase(
    'report-markdown-github-css',
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>markdown-it</title>\n' +
      `<link rel="stylesheet" href="github-markdown-light.css">\n<style>.markdown-body { box-sizing: border-box; max-width: 980px; margin: 0 auto; padding: 45px; }</style>\n` +
      `</head>\n<body>\n<article class="markdown-body">\n${md.render(readme)}</article>\n</body>\n</html>\n`,
    {
      description: `markdown-it@${version('markdown-it')} README.md rendered by itself, ${css}@${version(css)} (light), as its readme shows`,
    },
    { 'github-markdown-light.css': readFileSync(join(pkgDir(css), 'github-markdown-light.css')) },
  );
}

// 5. React Email's demo e-mails (resend/react-email, MIT): the Community folder's copies of real
// companies' e-mails and the order confirmation of its Studio theme, compiled by esbuild and rendered
// by react-email's own render() with their PreviewProps, as its preview server does (Tailwind classes
// turned into inline styles by its <Tailwind> component); their /static/ images copied into the case.
{
  const repo = 'resend/react-email';
  const commit = 'ffe605819782b31d7f946e30f938b1b63e6b239c';
  // The snapshot lacks some of the demo's images, so the sources are written one by one (not by git archive).
  const work = mkdtempSync(join(prefix, 'react-email-'));
  const emails = join(work, 'emails');
  for (const path of gitList(repo, 'apps/demo/emails').filter((p) => /\.tsx?$/.test(p))) {
    mkdirSync(dirname(join(work, path.slice('apps/demo/'.length))), { recursive: true });
    writeFileSync(join(work, path.slice('apps/demo/'.length)), gitFile(repo, path, commit));
  }
  const image = (name) => {
    try {
      return [[`static/${name}`, gitFile(repo, `apps/demo/emails/static/${decodeURI(name)}`, commit)]];
    } catch {
      console.warn(`  ${repo} static/${name}: not in the snapshot, left out`);
      return [];
    }
  };
  const { render } = await import(pathToFileURL(join(pkgDir('react-email'), 'dist/index.mjs')).href);
  const { createElement } = require('react');
  for (const [name, path] of [
    ['mail-react-email-apple-receipt', 'Community/receipts/apple-receipt'],
    ['mail-react-email-nike-receipt', 'Community/receipts/nike-receipt'],
    ['mail-react-email-stripe-welcome', 'Community/welcome/stripe-welcome'],
    ['mail-react-email-airbnb-review', 'Community/reviews/airbnb-review'],
    ['mail-react-email-amazon-review', 'Community/reviews/amazon-review'],
    ['mail-react-email-vercel-invite', 'Community/notifications/vercel-invite-user'],
    ['mail-react-email-github-token', 'Community/notifications/github-access-token'],
    ['mail-react-email-studio-order', '05-Studio/order-confirmation'],
  ]) {
    const bundle = join(work, `${name}.mjs`);
    execFileSync(join(prefix, 'node_modules/.bin/esbuild'), [
      join(emails, `${path}.tsx`),
      '--bundle',
      '--format=esm',
      '--platform=node',
      '--jsx=automatic',
      '--log-level=warning',
      '--external:react-email',
      '--external:react',
      '--external:react-dom',
      `--outfile=${bundle}`,
    ]);
    const Email = (await import(pathToFileURL(bundle).href)).default;
    const html = (await render(createElement(Email, Email.PreviewProps ?? {}))).replace(
      /(["(])\/static\//g,
      '$1static/',
    );
    const images = [...new Set([...html.matchAll(/["(]static\/([^"')]+)/g)].map((m) => m[1]))];
    writeCase(
      name,
      html,
      {
        description: `${repo} apps/demo/emails/${path}.tsx at ${commit.slice(0, 7)}, react-email@${version('react-email')}`,
      },
      Object.fromEntries(images.flatMap(image)),
    );
  }
  rmSync(work, { recursive: true, force: true });
}

// 6. The MJML document of GrapesJS's MJML plugin demo (BSD-3-Clause), compiled by mjml; its Google
// Font and remote background image dropped.
{
  const repo = 'GrapesJS/mjml';
  const commit = '9ccb147aa9429ce03ea55961ec1b2b3c392a1aa5';
  const page = gitText(repo, 'index.html', commit);
  const source = page.slice(page.indexOf('<mjml>'), page.indexOf('</mjml>') + '</mjml>'.length);
  const mjml = require('mjml');
  const { html } = await (mjml.default ?? mjml)(source, { validationLevel: 'soft' });
  writeCase('mail-mjml-grapesjs-demo', html, {
    description: `${repo} index.html at ${commit.slice(0, 7)}: its MJML compiled by mjml@${version('mjml')}`,
  });
}

// 7. Invoices. A Bootstrap 3.3.7 invoice from a Laravel tutorial on printing PDFs (no licence stated;
// no Blade in it), Bootstrap from npm, its remote logo dropped.
{
  const repo = 'drehimself/ulp-laravel-pdf';
  const commit = 'bfb4e22f1ecd9ce98cd971f8ced1f710c3136d25';
  const path = 'resources/views/invoice.blade.php';
  writeCase('invoice-bootstrap3-laravel-pdf', gitText(repo, path, commit), {
    description: `${repo} ${path} at ${commit.slice(0, 7)} (Bootstrap 3.3.7 from npm)`,
  });
}

// Kimai's DIN 5008 invoice (kimai/invoice-templates, MIT): a Twig template that Kimai prints with mPDF
// (its header and footer sit in an <!--mpdf … mpdf--> comment, so a browser shows neither), rendered
// with twig.js, Kimai's own filters written here for a sample invoice in English (`u.snake` as `lower`).
{
  const repo = 'kimai/invoice-templates';
  const commit = '8aa6d67166e69342f00384f023c28ef79ebfa867';
  const path = 'din5008-invoice/din5008-invoice.pdf.twig';
  const Twig = require('twig');
  const labels = {
    date: 'Date',
    description: 'Description',
    amount: 'Amount',
    unit_price: 'Unit price',
    total_rate: 'Total',
    vat_id: 'VAT ID',
    'invoice.number': 'Invoice number',
    'invoice.service_date': 'Service period',
    'invoice.due_days': 'Due date',
    'invoice.subtotal': 'Subtotal',
    'invoice.tax': 'VAT',
    'invoice.total': 'Total',
    'export.page_of': 'Page %page% of %pages%',
  };
  const money = (n) => `€${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  // twig.js passes a filter's arguments as an array, or false when it has none.
  Twig.extendFilter('trans', (key, args) =>
    Object.entries((args && args[0]) || {}).reduce((text, [k, v]) => text.replace(k, v), labels[key] ?? key),
  );
  Twig.extendFilter('money', money);
  Twig.extendFilter('date_short', (d) => d);
  Twig.extendFilter('duration', (hours) => `${hours.toFixed(2)} h`);
  Twig.extendFilter('amount', (n) => String(n));
  Twig.extendFilter('nl2str', (text, [sep]) => text.split('\n').join(sep));
  Twig.extendFilter('country_name', (code) => ({ DE: 'Germany' })[code] ?? code);
  Twig.extendFilter('md2html', (text) => require('markdown-it')().render(text));
  Twig.extendFunction('config', () => null);
  const entry = (project, activity, description, hours, rate) => ({
    project: { name: project },
    activity: activity && { name: activity },
    description,
    duration: hours,
    fixedRate: null,
    hourlyRate: rate,
    rate: hours * rate,
  });
  const entries = [
    entry('Website relaunch', 'Design', 'Wireframes and style guide', 12.5, 85),
    entry('Website relaunch', 'Development', 'Templates for the product pages', 24, 85),
    entry('Website relaunch', 'Development', 'Checkout and payment provider', 16.25, 85),
    entry('Website relaunch', 'Meeting', '', 3, 85),
    entry('Hosting', 'Operations', 'Server set-up and monitoring', 6, 70),
    entry('Support', null, 'Editor training for the marketing team', 4, 70),
  ];
  const subtotal = entries.reduce((sum, e) => sum + e.rate, 0);
  const model = {
    invoiceNumber: '2026-0117',
    invoiceDate: '27.11.2026',
    dueDate: '11.12.2026',
    currency: 'EUR',
    customer: {
      company: 'Nordlicht Media GmbH',
      name: 'Nordlicht Media',
      contact: 'Anna Becker',
      address: 'Hafenstraße 12\n20457 Hamburg',
      country: 'DE',
      vatId: 'DE123456789',
    },
    template: {
      title: 'Invoice',
      company: 'Jonas Weber Webentwicklung',
      address: 'Jonas Weber\nLindenallee 5\n50668 Köln',
      vatId: 'DE987654321',
      contact: 'Phone: +49 221 1234567\nEmail: mail@jonasweber.example\nWeb: jonasweber.example',
      paymentDetails: 'Sparkasse KölnBonn\nIBAN: DE12 3705 0198 0000 1234 56\nBIC: COLSDE33',
      paymentTerms: 'Please transfer the amount within **14 days** to the account below, quoting the invoice number.',
      language: 'en',
      decimalDuration: true,
    },
    query: { begin: new Date('2026-11-01'), end: new Date('2026-11-30'), project: null },
    calculator: { entries, subtotal, vat: 19, tax: subtotal * 0.19, total: subtotal * 1.19 },
    isHideZeroTax: () => false,
  };
  const source = gitText(repo, path, commit).replace('|u.snake', '|lower');
  const html = Twig.twig({ data: source }).render({
    model,
    app: { request: null },
    pdfContext: { setOption: () => null },
  });
  writeCase('invoice-kimai-din5008', html, {
    description: `${repo} ${path} at ${commit.slice(0, 7)} rendered by twig@${version('twig')} with a sample invoice`,
  });
}

// 8. Paged.js's experiments (pagedjs/pagedjs-experiments, MIT), without the polyfill and its plugins:
// Chromium's own print of their demo documents (an essay in French with its notes, full-page
// elements, margin notes), each with its print stylesheet and the shared css/interface.css.
{
  const repo = 'pagedjs/pagedjs-experiments';
  const commit = '0504fe55edaa4bd21f71e6bd2c07b29bb00b81a7';
  const shared = { 'css/interface.css': gitFile(repo, 'css/interface.css', commit) };
  for (const [name, folder, css] of [
    ['paged-experiments-notes-management', '--paged-notes-management', 'print.css'],
    ['paged-experiments-fullpage', '--paged-fullpage', 'fullpage.css'],
    ['paged-experiments-margin-notes', '--paged-margin-notes', 'paged-margin-notes.css'],
  ]) {
    writeCase(
      name,
      gitText(repo, `${folder}/demo.html`, commit).replaceAll('href="../css/', 'href="css/'),
      {
        description: `${repo} ${folder}/demo.html at ${commit.slice(0, 7)}, without the polyfill: Chromium's own print`,
      },
      { ...shared, [css]: gitFile(repo, `${folder}/${css}`, commit) },
    );
  }
}

// 9. E-mails built with Maizzle (Tailwind CSS for e-mail), as its starters commit them in dist/: Litmus's
// free templates Slate and Ceej (maizzle/starter-litmus, MIT) and MailBakery's Be Shoppy
// (maizzle/starter-mailbakery, MIT); remote images dropped, and Slate's logo, absent from the repository.
for (const [name, repo, commit, path] of [
  [
    'mail-maizzle-litmus-slate-receipt',
    'maizzle/starter-litmus',
    '730aa792662756208079e3c832be77fc52bc6a8d',
    'dist/slate/receipt.html',
  ],
  [
    'mail-maizzle-litmus-ceej-card-expired',
    'maizzle/starter-litmus',
    '730aa792662756208079e3c832be77fc52bc6a8d',
    'dist/ceej/html/card-expired.html',
  ],
  [
    'mail-maizzle-litmus-ceej-password-reset',
    'maizzle/starter-litmus',
    '730aa792662756208079e3c832be77fc52bc6a8d',
    'dist/ceej/html/password-reset.html',
  ],
  [
    'mail-maizzle-mailbakery-be-shoppy',
    'maizzle/starter-mailbakery',
    'efd62ad68d00dc64e9344754f9a1ece90726f21b',
    'dist/html/be-shoppy.html',
  ],
]) {
  writeCase(name, gitText(repo, path, commit).replace(/<img\b[^>]*\bsrc="slate\/[^"]*"[^>]*>/g, ''), {
    description: `${repo} ${path} at ${commit.slice(0, 7)}`,
  });
}
