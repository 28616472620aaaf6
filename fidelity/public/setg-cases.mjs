#!/usr/bin/env node
// Builds set G of the public templates (README.md beside this file), held out from session 9 on,
// except the JSON Resume cases of npm themes, which jsonresume-cases.mjs writes first; this script
// then makes those self-contained too. Sources none of sets A–F and P use:
//   node fidelity/public/jsonresume-cases.mjs /tmp/setg-npm /tmp/setg kcv-theme-simple
//   node fidelity/public/setg-cases.mjs /tmp/setg-npm /work/.mirror /tmp/setg
// <npm prefix> holds resume-schema@1.0.1, kcv-theme-simple@1.0.1, handlebars@4.7.8, moment@2.30.1 and
// address-format@0.0.3, lodash@2.4.2, mustache@0.8.2, gravatar@1.0.6 (for the themes from GitHub),
// markdown-it@13.0.1, juice@12.2.0,
// tailwindcss@3.4.17, admin-lte@3.2.0 as admin-lte3, admin-lte@4.0.0 as admin-lte4,
// @fortawesome/fontawesome-free@5.15.4 and bootstrap-icons@1.13.1; <mirrors> holds one clone per
// repository as owner+name/repo. Every script is dropped (Platen runs none), remote resources too.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { caseKit, defaultExport, dropScripts, renderGithubTheme } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setg-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { require, pkgDir, gitFile, gitText, folderFiles, localise } = kit;
const writeCase = (name, html, meta, files) => kit.writeCase(name, dropScripts(html), meta, files);
/** The files under a folder of a repository, keyed by `<as>/<path inside the folder>`. */
const filesAs = (repo, folder, as, skip) =>
  Object.fromEntries(Object.entries(folderFiles(repo, folder, skip)).map(([rel, c]) => [`${as}/${rel}`, c]));
/** Files of an npm package, keyed by the path each gets in the case. */
const pkgFiles = (pkg, entries) =>
  Object.fromEntries(entries.map(([from, to]) => [to ?? from, readFileSync(join(pkgDir(pkg), from))]));

// 1. JSON Resume cases already written by jsonresume-cases.mjs: make them self-contained.
mkdirSync(out, { recursive: true });
for (const name of readdirSync(out).filter((n) => n.startsWith('resume-'))) {
  const file = join(out, name, 'template.html');
  writeFileSync(file, dropScripts(localise(readFileSync(file, 'utf8'), join(out, name))));
}

// 2. JSON Resume themes published on GitHub only (MIT), at the commit this set was built from,
// unpacked into the npm prefix so that their own dependencies resolve there; resume-schema's sample.
{
  const [html, description] = await renderGithubTheme(
    prefix,
    mirrors,
    'tmarice/jsonresume-theme-engineering',
    '120989634a13e097a9c29c350ceec74eb3382bbd',
  );
  writeCase('resume-engineering', html, { description });
}
{
  // A Mustache theme (ISC) whose stylesheets are served from its own repository: pointed at the
  // copies of build/ and bower_components/fontawesome/ in the case.
  const repo = 'dbkaplun/jsonresume-theme-timeline-fixed';
  const [html, description] = await renderGithubTheme(
    prefix,
    mirrors,
    repo,
    '41b937f2c8cabbd70122bf12c1263e764e596698',
  );
  writeCase(
    'resume-timeline-mustache',
    html.replaceAll('//rawgit.com/dbkaplun/jsonresume-theme-timeline-fixed/master/', ''),
    { description },
    {
      ...filesAs(repo, 'build', 'build'),
      ...filesAs(repo, 'bower_components/fontawesome', 'bower_components/fontawesome'),
    },
  );
}

// 3. Blade templates (Laravel, MIT) filled with sample data: a small Blade subset (echo, @if, @elseif,
// @else, @unless, @isset, @foreach, @php) turned into a JavaScript function over the sample data,
// PHP expressions written as JavaScript (`$a->b()` → `a.b()`, `'x'.$y` → `'x' + y`).
const escapeHtml = (v) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
function renderBlade(source, data, statics = {}) {
  const php = (e) => {
    let js = e.replace(/'\s*\.\s*\$/g, "' + $").replace(/->/g, '.');
    for (const [from, to] of Object.entries(statics)) js = js.replaceAll(from, to);
    return js.replace(/\$(\w+)/g, '$1').replace(/\bisset\((\w+)\)/g, '(typeof $1 !== "undefined" && $1 !== null)');
  };
  const directive =
    /^\s*@(foreach|if|elseif|unless|isset|php)\s*\((.*)\)\s*$|^\s*@(else|endif|endunless|endisset|endforeach)\s*$/;
  let code = '';
  for (const line of source.split('\n')) {
    const d = directive.exec(line);
    if (!d) {
      const parts = line.split(/(\{\{.*?\}\}|\{!!.*?!!\})/);
      code += parts
        .map((p, i) => {
          if (i % 2 === 0) return `out += ${JSON.stringify(p)};`;
          const raw = p.startsWith('{!!');
          return `out += ${raw ? 'String' : 'esc'}(${php(p.slice(raw ? 3 : 2, -(raw ? 3 : 2)))} ?? '');`;
        })
        .join('');
      code += 'out += "\\n";\n';
    } else if (d[1] === 'foreach') {
      const [, list, item] = /^(.*)\s+as\s+\$(\w+)\s*$/.exec(d[2]);
      code += `for (const ${item} of ${php(list)}) {\n`;
    } else if (d[1] === 'if') code += `if (${php(d[2])}) {\n`;
    else if (d[1] === 'elseif') code += `} else if (${php(d[2])}) {\n`;
    else if (d[1] === 'unless') code += `if (!(${php(d[2])})) {\n`;
    else if (d[1] === 'isset') code += `if (${php(`isset(${d[2].trim()})`)}) {\n`;
    else if (d[1] === 'php') code += `${php(d[2])};\n`;
    else code += d[3] === 'else' ? '} else {\n' : '}\n';
  }
  const names = [...new Set([...Object.keys(data), ...[...source.matchAll(/\$(\w+)/g)].map((m) => m[1])])];
  const declare = names.map((n) => `let ${n} = scope[${JSON.stringify(n)}];`).join('\n');
  return new Function('scope', 'esc', `${declare}\nlet out = '';\n${code}return out;`)(data, escapeHtml);
}
const sampleDate = (text) => ({ toFormattedDateString: () => text });

// Laravel's notification e-mail (laravel/framework, MIT) for its password reset, composed as Laravel does:
// the components of Illuminate/Mail/resources/views/html around the Markdown of the notification's
// lines (markdown-it for league/commonmark), then the default theme's CSS inlined (juice for
// CssToInlineStyles). The app is named "Example App", so the header shows that name, not Laravel's logo.
{
  const repo = 'laravel/framework';
  const commit = 'bd71b45fbb7e672957bf6ff61baddefe15fbca6a';
  const views = 'src/Illuminate/Mail/resources/views/html';
  const view = (name) => gitText(repo, `${views}/${name}.blade.php`, commit).replace(/^@props\([\s\S]*?\)\n/, '');
  const md = require('markdown-it')({ html: true });
  const app = 'Example App';
  const url = 'https://example.com/reset-password/3f9c2b7e';
  const button = renderBlade(view('button'), { url, color: 'primary', align: 'center', slot: 'Reset Password' });
  const body = [
    '# Hello!',
    'You are receiving this email because we received a password reset request for your account.',
    button.trim(),
    'This password reset link will expire in 60 minutes.',
    'If you did not request a password reset, no further action is required.',
    `Regards,<br>\n${app}`,
  ].join('\n\n');
  const parse = (text) => md.render(text);
  const layout = view('layout')
    .replace("{{ str_replace('_', '-', app()->getLocale()) }}", 'en')
    .replaceAll("{{ config('app.name') }}", app);
  const html = renderBlade(layout.replace('{!! Illuminate\\Mail\\Markdown::parse($slot) !!}', '{!! $body !!}'), {
    body: parse(body),
    header: renderBlade(view('header'), { url: 'https://example.com', slot: app, trim: (t) => t.trim() }),
    subcopy: renderBlade(view('subcopy').replace('{{ Illuminate\\Mail\\Markdown::parse($slot) }}', '{!! $text !!}'), {
      text: parse(
        'If you\'re having trouble clicking the "Reset Password" button, copy and paste the URL below\n' +
          `into your web browser: <span class="break-all">[${url}](${url})</span>`,
      ),
    }),
    footer: renderBlade(view('footer').replace('{{ Illuminate\\Mail\\Markdown::parse($slot) }}', '{!! $text !!}'), {
      text: parse(`© 2026 ${app}. All rights reserved.`),
    }),
  });
  const css = gitText(repo, `${views}/themes/default.css`, commit);
  writeCase(
    'mail-laravel-notification',
    defaultExport(require('juice')).inlineContent(html, css, { applyStyleTags: false, removeStyleTags: false }),
    { description: `${repo} ${views} at ${commit.slice(0, 7)}: the password reset notification, CSS inlined by juice` },
  );
}

// Laravel Cashier (Mollie) receipt e-mail, built with Maizzle (MIT), at the commit this set was built from.
{
  const repo = 'laravel/cashier-mollie';
  const commit = 'f3bfbc62aacd6d7502ad21be5dfdab4ffb966daa';
  const views = 'resources/views';
  const source = gitText(repo, `${views}/receipt.blade.php`, commit).replace(
    "@include('cashier::head')",
    gitText(repo, `${views}/head.blade.php`, commit),
  );
  const euro = (cents) => `€${(cents / 100).toFixed(2)}`;
  const item = (description, quantity, unit, tax) => ({
    description,
    quantity,
    getUnitPrice: () => unit,
    getSubtotal: () => unit * quantity,
    getTaxPercentage: () => tax,
  });
  const invoice = {
    date: () => sampleDate('Nov 27, 2026'),
    id: () => '2026-0000-0042',
    items: () => [item('Premium membership (November 2026)', 1, 2900, 21), item('Extra team seats', 3, 500, 21)],
    subtotal: () => euro(4400),
    taxDetails: () => [{ tax_percentage: 21, total: euro(924) }],
    hasStartingBalance: () => false,
    totalDue: () => euro(5324),
    receiverAddress: () => ['Jane Doe', 'Keizersgracht 123', '1015 CJ Amsterdam', 'The Netherlands'],
    extraInformation: () => Object.assign(['VAT number NL001234567B01'], { isNotEmpty: () => true }),
  };
  const config = (key) => ({ 'app.url': 'https://example.com', 'app.name': 'Example B.V.' })[key];
  writeCase(
    'mail-cashier-mollie-receipt',
    renderBlade(source, { invoice, config, euro }, { 'Laravel\\Cashier\\Cashier::formatAmount': 'euro' }),
    { description: `${repo} ${views}/receipt.blade.php at ${commit.slice(0, 7)} with a sample receipt` },
  );
}

// Laravel Cashier (Stripe) invoice, printed by dompdf on US Letter paper (its config's default).
{
  const repo = 'laravel/cashier-stripe';
  const commit = '6c304574e3ec6d3cd22abf18c1f8a4c61ba385ea';
  const path = 'resources/views/invoice.blade.php';
  const line = (description, quantity, unit, total, period) => ({
    description,
    quantity,
    hasPeriod: () => !!period,
    periodStartAndEndAreEqual: () => false,
    startDate: () => period?.[0],
    endDate: () => period?.[1],
    unitAmountExcludingTax: () => unit,
    inclusiveTaxPercentage: () => 0,
    hasBothInclusiveAndExclusiveTax: () => false,
    exclusiveTaxPercentage: () => 20,
    total: () => total,
  });
  const invoice = {
    date: () => sampleDate('Nov 27, 2026'),
    dueDate: () => sampleDate('Dec 11, 2026'),
    number: 'A1B2C3D4-0007',
    account_name: 'Acme Software Ltd',
    accountTaxIds: () => [{ value: 'GB123456789' }],
    customer_name: 'Jane Doe',
    customer_email: 'jane.doe@example.com',
    customer_address: {
      line1: '221B Baker Street',
      line2: 'Flat 2',
      city: 'London',
      state: '',
      postal_code: 'NW1 6XE',
      country: 'GB',
    },
    customer_phone: '+44 20 7946 0000',
    customerTaxIds: () => [],
    description: 'Thank you for your business.',
    hasTax: () => true,
    invoiceLineItems: () => [
      line('Team plan', 5, '£12.00', '£60.00', ['Nov 27, 2026', 'Dec 27, 2026']),
      line('Priority support', 1, '£25.00', '£25.00', ['Nov 27, 2026', 'Dec 27, 2026']),
      line('Onboarding session', 2, '£40.00', '£80.00'),
    ],
    hasDiscount: () => true,
    hasStartingBalance: () => false,
    subtotal: () => '£165.00',
    discounts: () => [{ coupon: () => ({ isPercentage: () => true, name: () => 'WELCOME10', percentOff: () => 10 }) }],
    discountFor: () => '£16.50',
    isNotTaxExempt: () => true,
    isTaxExempt: () => false,
    taxes: () => [
      {
        display_name: 'VAT',
        jurisdiction: 'United Kingdom',
        percentage: 20,
        isInclusive: () => false,
        amount: () => '£29.70',
      },
    ],
    realTotal: () => '£178.20',
    hasAppliedBalance: () => false,
    amountDue: () => '£178.20',
  };
  const data = {
    invoice,
    vendor: 'Acme Software Ltd',
    product: 'Acme Cloud',
    street: '1 Main Street',
    location: 'Cambridge, CB1 1AA',
    country: 'United Kingdom',
    phone: '+44 1223 000000',
    email: 'billing@acme.example',
    url: 'https://acme.example',
    implode: (sep, parts) => parts.join(sep),
  };
  writeCase('invoice-cashier-stripe', renderBlade(gitText(repo, path, commit), data), {
    description: `${repo} ${path} at ${commit.slice(0, 7)} with a sample invoice (US Letter, as its dompdf renderer)`,
    format: 'Letter',
  });
}

// 4. Invoices on CSS frameworks. AdminLTE's print invoice (MIT): 3.2.0 on Bootstrap 4 with Font
// Awesome 5 (its `plugins/` copy comes from npm), 4.0.0's invoice page on Bootstrap 5 with Bootstrap
// Icons from npm (CDN link pointed at the local copy); the paths climbing out of the page point into the case.
{
  const html = readFileSync(join(pkgDir('admin-lte3'), 'pages/examples/invoice-print.html'), 'utf8').replaceAll(
    '../../',
    '',
  );
  const credit = ['visa', 'mastercard', 'american-express', 'paypal2'].map((n) => [`dist/img/credit/${n}.png`]);
  const fa = readdirSync(join(pkgDir('@fortawesome/fontawesome-free'), 'webfonts')).map((n) => [
    `webfonts/${n}`,
    `plugins/fontawesome-free/webfonts/${n}`,
  ]);
  writeCase(
    'invoice-adminlte3-bootstrap4',
    html,
    { description: 'admin-lte@3.2.0 (npm) pages/examples/invoice-print.html, Font Awesome 5.15.4 from npm' },
    {
      ...pkgFiles('admin-lte3', [['dist/css/adminlte.min.css'], ...credit]),
      ...pkgFiles('@fortawesome/fontawesome-free', [
        ['css/all.min.css', 'plugins/fontawesome-free/css/all.min.css'],
        ...fa,
      ]),
    },
  );
}
{
  const icons = 'https://cdn.jsdelivr.net/npm/bootstrap-icons@1.13.1/font/bootstrap-icons.min.css';
  const html = readFileSync(join(pkgDir('admin-lte4'), 'dist/pages/invoice.html'), 'utf8')
    .replaceAll('../', '')
    .replace(icons, 'vendor/bootstrap-icons/bootstrap-icons.min.css');
  const images = [...html.matchAll(/src="(assets\/img\/[^"]+)"/g)].map((m) => [`dist/${m[1]}`, m[1]]);
  const fonts = readdirSync(join(pkgDir('bootstrap-icons'), 'font/fonts')).map((n) => [
    `font/fonts/${n}`,
    `vendor/bootstrap-icons/fonts/${n}`,
  ]);
  writeCase(
    'invoice-adminlte4-bootstrap5',
    html,
    { description: 'admin-lte@4.0.0 (npm) dist/pages/invoice.html, Bootstrap Icons 1.13.1 from npm' },
    {
      ...pkgFiles('admin-lte4', [['dist/css/adminlte.css', 'css/adminlte.css'], ...new Map(images)]),
      ...pkgFiles('bootstrap-icons', [
        ['font/bootstrap-icons.min.css', 'vendor/bootstrap-icons/bootstrap-icons.min.css'],
        ...fonts,
      ]),
    },
  );
}

// A Tailwind invoice (Preline's design) that a Laravel app (MIT) shows for payment, written for the
// Tailwind Play CDN script: the stylesheet that script would generate is built with the Tailwind 3 CLI
// (default configuration, the page as content); its <x-branding /> component expanded (logo included).
{
  const repo = 'Africanpride/sailing';
  const commit = 'dfc13e86f734b8865106cea008bd6157ce12c5c6';
  const branding = gitText(repo, 'resources/views/components/branding.blade.php', commit)
    .replace("{{ url('/') }}", '/')
    .replace("{{ asset('images/main/costrad.png') }}", 'images/main/costrad.png')
    .replace('{{ "COSTrAD" }}', 'COSTrAD');
  const html = gitText(repo, 'resources/views/invoices/pay.blade.php', commit)
    .replace('<x-branding />', branding)
    .replace('<script src="https://cdn.tailwindcss.com"></script>', '<link rel="stylesheet" href="tailwind.css">');
  const work = mkdtempSync(join(tmpdir(), 'setg-tailwind-'));
  writeFileSync(join(work, 'page.html'), html);
  writeFileSync(join(work, 'input.css'), '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n');
  execFileSync(
    process.execPath,
    [join(pkgDir('tailwindcss'), 'lib/cli.js'), '-i', 'input.css', '--content', 'page.html', '-o', 'tailwind.css'],
    { cwd: work, stdio: 'ignore' },
  );
  writeCase(
    'invoice-tailwind-preline',
    html,
    {
      description: `${repo} resources/views/invoices/pay.blade.php at ${commit.slice(0, 7)}, CSS built by tailwindcss 3.4.17`,
    },
    {
      'tailwind.css': readFileSync(join(work, 'tailwind.css')),
      'images/main/costrad.png': gitFile(repo, 'public/images/main/costrad.png', commit),
    },
  );
  rmSync(work, { recursive: true, force: true });
}

// 5. A certificate of completion from an LMS (MIT) that dompdf prints on A4 landscape, its
// placeholders filled as its controller does (the background image and QR code left out).
{
  const repo = '0xWormh0le/ian-bland-lms';
  const commit = 'd5f17e3c9e5c267f3c3a9c3e4e7195c96ac5d5db';
  const path = 'resources/views/certificate-templates/starter-template.php';
  const html = gitText(repo, path, commit)
    .replace('url(@BACKGROUND)', 'none')
    .replace(/<img src="data:image\/png;base64, @QRCODE " class="qrcode">/, '')
    .replace('@RECIPIENT', 'Jane Doe')
    .replace('@COURSETITLE', 'Information Security Essentials');
  writeCase('certificate-lms', html, {
    description: `${repo} ${path} at ${commit.slice(0, 7)} with sample values, A4 landscape as its controller asks`,
    format: 'A4',
    landscape: true,
  });
}

// 6. E-mails: Jason Rodriguez's Salted (with its images), lime7's oneLetter (with its images; no
// licence stated) and real companies' e-mails collected by kylealwyn/free-html-email-templates (no
// licence stated; remote images dropped).
writeCase(
  'mail-salted',
  gitText('rodriguezcommaj/salted', 'salted-responsive-email-template.html'),
  { description: 'rodriguezcommaj/salted salted-responsive-email-template.html' },
  filesAs('rodriguezcommaj/salted', 'img', 'img', /\.(pdf|zip)$/i),
);
{
  const files = folderFiles('lime7/responsive-html-template', 'index');
  const html = files['index.html'].toString('utf8');
  delete files['index.html'];
  writeCase('mail-lime7-oneletter', html, { description: 'lime7/responsive-html-template index/index.html' }, files);
}
for (const name of ['npm', 'mapbox', 'code-school', 'wealthfront', 'hired', 'yahoo']) {
  writeCase(`mail-${name}`, gitText('kylealwyn/free-html-email-templates', `templates/${name}.html`), {
    description: `kylealwyn/free-html-email-templates templates/${name}.html`,
  });
}

// 7. Vivliostyle's samples (vivliostyle/vivliostyle_doc; no licence file): a Project Gutenberg book
// with its fonts and margin boxes, the foundation's FY2022 report (pandoc HTML that its conv.sh
// prints on A4), and three English samples of its fixed-page and adaptive layouts with their images.
{
  const repo = 'vivliostyle/vivliostyle_doc';
  const gutenberg = 'samples/gutenberg';
  writeCase(
    'book-vivliostyle-alice',
    gitText(repo, `${gutenberg}/Alice.html`),
    { description: `${repo} ${gutenberg}/Alice.html` },
    { 'gutenberg.css': gitFile(repo, `${gutenberg}/gutenberg.css`), ...filesAs(repo, `${gutenberg}/fonts`, 'fonts') },
  );
  const report = 'en/reports/vivliostyle-report-2022';
  writeCase(
    'report-vivliostyle-2022',
    gitText(repo, `${report}/vf2022report.html`),
    { description: `${repo} ${report}/vf2022report.html` },
    { 'report.css': gitFile(repo, `${report}/report.css`), ...filesAs(repo, `${report}/img`, 'img') },
  );
  for (const [name, folder, page] of [
    ['print-vivliostyle-malay-archipelago', 'samples/fixed-page-size/TheMalayArchipelago', 'main.xhtml'],
    ['print-vivliostyle-apollo8', 'samples/adaptive-layout/apollo8', 'index.xhtml'],
    ['print-vivliostyle-candle', 'samples/adaptive-layout/candle', 'index.xhtml'],
  ]) {
    const files = folderFiles(repo, folder);
    const html = files[page].toString('utf8');
    delete files[page];
    writeCase(name, html, { description: `${repo} ${folder}/${page}` }, files);
  }
}

// 8. Vivliostyle.js's own paged-media test pages (AGPL-3.0), printed by Chromium: running elements
// with counters, margins at page breaks, counters() in page-margin boxes.
for (const test of ['counter_in_running', 'margin-break', 'counters-function-in-page-margin-box']) {
  const path = `packages/core/test/files/${test}.html`;
  writeCase(`paged-vivliostyle-${test.replace(/_/g, '-')}`, gitText('vivliostyle/vivliostyle.js', path), {
    description: `vivliostyle/vivliostyle.js ${path}, Chromium's own print`,
  });
}
