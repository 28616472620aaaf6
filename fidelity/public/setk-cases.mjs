#!/usr/bin/env node
// Builds set K of the public templates (README.md beside this file), held out from session 13 on:
// measured only. Sources none of sets A–J and P use:
//   node fidelity/public/setk-cases.mjs /tmp/setk-npm /work/.mirror /tmp/setk
// <npm prefix> holds resume-schema@1.0.1, handlebars@4.7.8, markdown-it@14.1.0, moment@2.30.1,
// sass@1.83.0 and jsonresume-theme-onepage-simplified@1.3.0; <mirrors> holds one clone per repository
// as owner+name/repo. python3 runs one invoice generator (section 5). Every script is dropped (Platen
// runs none), remote resources too, as in set D.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { caseKit, dropScripts, renderGithubTheme } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setk-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { require, gitText, gitFile, folderFiles } = kit;
const writeCase = (name, html, meta, files) => kit.writeCase(name, dropScripts(html), meta, files);
/** Files of a mirrored repository keyed by their path in the case: { 'css/a.css': 'src/css/a.css' }. */
const repoFiles = (repo, commit, paths) =>
  Object.fromEntries(Object.entries(paths).map(([target, path]) => [target, gitFile(repo, path, commit)]));

// 1. Résumés with resume-schema's sample resume: two JSON Resume themes published on GitHub only (MIT;
// unpacked into the npm prefix by renderGithubTheme): jdambron (Handlebars, markdown-it) and dorfsmay
// (Handlebars, its style.scss compiled by sass); and onepage-simplified from npm (MIT; its built
// dist/index.js, Handlebars with its style.css inlined).
for (const [name, repo, commit] of [
  ['resume-jdambron', 'jdambron/jsonresume-theme-jdambron', 'defb72cd2a956e7d4fe1094d5c617738bfa8a795'],
  ['resume-dorfsmay', 'dorfsmay/jsonresume-theme-dorfsmay', '8836f5d2db7430aa0983d660e10159acb6656dbc'],
]) {
  try {
    const [html, description] = await renderGithubTheme(prefix, mirrors, repo, commit);
    writeCase(name, html, { description });
  } catch (error) {
    console.error(`${name}: ${error.message}`);
  }
}
{
  const resume = JSON.parse(readFileSync(require.resolve('resume-schema/sample.resume.json'), 'utf8'));
  const dir = join(prefix, 'node_modules', 'jsonresume-theme-onepage-simplified');
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const theme = await import(pathToFileURL(join(dir, 'dist', 'index.js')).href);
  writeCase('resume-onepage-simplified', theme.render(resume), {
    description: `jsonresume-theme-onepage-simplified ${version} from npm with resume-schema's sample resume`,
  });
}

// 2. DocRaptor's templates for its HTML-to-PDF service and Prince (DocRaptor/html-to-pdf-templates, MIT):
// the generated templates/<name>/<name>.<size>.html (the page's CSS inlined before its HTML), each at
// the page size its own @page rule sets; their Unsplash images and Google Fonts are remote, so dropped.
{
  const repo = 'DocRaptor/html-to-pdf-templates';
  const commit = '4537df82c2e7bc8ba3ae8a8340bfe0ece5f33bd9';
  for (const [name, template, size] of [
    ['invoice-docraptor', 'invoice', 'A4'],
    ['quote-docraptor-estimate', 'estimate', 'USLetter'],
    ['receipt-docraptor-packingslip', 'packingslip', 'A4'],
    ['form-docraptor', 'form', 'USLetter'],
    ['report-docraptor-proposal', 'proposal', 'A4'],
    ['brochure-docraptor', 'brochure', 'USLetter'],
    ['book-docraptor', 'book', 'A4'],
    ['menu-docraptor-restaurant', 'restaurantmenu', 'A4'],
    ['resume-docraptor', 'resume', 'USLetter'],
  ]) {
    const path = `templates/${template}/${template}.${size}.html`;
    writeCase(name, gitText(repo, path, commit), {
      description: `${repo} ${path} at ${commit.slice(0, 7)}`,
      format: size === 'A4' ? 'A4' : 'Letter',
    });
  }
}

// 3. Paged-media documents written for Paged.js, printed here without the polyfill (Chromium's own print
// of their @page rules, margin boxes and named pages):
// - RandomLab/pagedjs_boilerplate's base book (A5 with bleed, running titles and folios in corner boxes,
//   its image; no licence stated);
// - paulesser/pagedjs-wokshop's workshop pages (no licence stated): a German Wikipedia article (CC BY-SA
//   text; 240 mm square pages, gradients by page side, target-counter; its Wikimedia images are remote, so
//   dropped) and Project Gutenberg's Pride and Prejudice with its illustrations, each with the polyfill's
//   interface.css.
{
  const repo = 'RandomLab/pagedjs_boilerplate';
  const commit = '5a0de94bf39d91f7962174bf58f986628c3ab1d6';
  const files = folderFiles(repo, 'base', /\.(pdf|md|html)$/i, commit);
  writeCase(
    'book-pagedjs-boilerplate',
    gitText(repo, 'base/index.html', commit),
    { description: `${repo} base/index.html at ${commit.slice(0, 7)}` },
    files,
  );
}
{
  const repo = 'paulesser/pagedjs-wokshop';
  const commit = '32fd8a6fa16151f849b9152c534f5df133a0eb98';
  for (const [name, folder] of [
    ['report-pagedjs-wikipedia', 'content/wikipedia'],
    ['book-pagedjs-pride-and-prejudice', 'content/pride_and_prejudice'],
  ]) {
    writeCase(
      name,
      gitText(repo, `${folder}/index.html`, commit),
      { description: `${repo} ${folder}/index.html at ${commit.slice(0, 7)}` },
      folderFiles(repo, folder, /\.(pdf|md|html|js)$/i, commit),
    );
  }
}

/**
 * The part of PHP these templates use, run over sample values: `<?php echo expr; ?>`, `if (…) :` /
 * `if (…) {`, `else`, `foreach (… as $x)` with their `endif;` / `endforeach;` / `}`; expressions with
 * `$a['b']`, `$a->b`, ` . ` and the functions in `fns`, written as JavaScript.
 */
function php(src, vars, fns) {
  const expression = (code) =>
    code
      .replace(/\s\.\s/g, ' + ')
      .replace(/->/g, '.')
      .replace(/\$(\w+)/g, 'v.$1');
  const statement = (code) =>
    code
      .replace(/^\s*use\s+[\w\\]+\s*;/, '')
      .replace(/\bforeach\s*\((.*?)\s+as\s+\$(\w+)\s*\)\s*[:{]/g, 'for (v.$2 of Object.values($1)) {')
      .replace(/\b(?:endforeach|endif)\s*;?/g, '}')
      .replace(/\belseif\s*\((.*)\)\s*:/g, '} else if ($1) {')
      .replace(/\belse\s*:/g, '} else {')
      .replace(/\bif\s*\((.*?)\)\s*:/g, 'if ($1) {')
      .replace(/\becho\s+([\s\S]*?)\s*(?:;|$)/g, 'out += ($1);');
  let body = 'let out = "";\n';
  let rest = src;
  for (let at; (at = rest.indexOf('<?php')) >= 0;) {
    body += `out += ${JSON.stringify(rest.slice(0, at))};\n`;
    const end = rest.indexOf('?>', at);
    body += expression(statement(rest.slice(at + 5, end))) + '\n';
    rest = rest.slice(end + 2);
  }
  body += `out += ${JSON.stringify(rest)};\nreturn out;`;
  return Function('v', ...Object.keys(fns), body)(vars, ...Object.values(fns));
}
const phpFunctions = {
  number_format: (n, decimals) => Number(n).toFixed(decimals),
  strtoupper: (s) => String(s).toUpperCase(),
  ucfirst: (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1),
  empty: (x) => !x,
  intval: (x) => parseInt(x, 10),
  nl2br: (s) => String(s).replace(/\n/g, '<br>\n'),
  TRUE: true,
  FALSE: false,
};

// 4. Kanso CMS's e-mails (kanso-cms/cms, BSD-3-Clause; PHP templates): the order confirmation and the
// shipping notice (complete table-layout e-mails), the forgotten-password, password-reset, account
// confirmation and comment notifications in its body.php frame, with the theme values of its Email.php and sample orders; the logo and product
// thumbnails are remote, so dropped.
{
  const repo = 'kanso-cms/cms';
  const commit = '761f5a728f6e187d83b5c488e792aa3828b1ce68';
  const templates = 'kanso/cms/email/templates';
  const theme = Object.fromEntries(
    [
      ...gitText(repo, 'kanso/cms/email/Email.php', commit)
        .match(/private \$theme =[\s\S]*?\];/)[0]
        .matchAll(/'(\w+)'\s*=>\s*'([^']*)'/g),
    ].map(([, key, value]) => [key, value]),
  );
  /** Email::button() of Email.php (size md), as the templates call it. */
  const button = (href, text) =>
    `<table role="presentation" aria-hidden="true" cellspacing="0" cellpadding="0" border="0" align="center" style="margin: auto"><tr><td style="border-radius: ${theme.border_radius}; background: ${theme.btn_bg}; text-align: center;" class="button-td"><a href="${href}" style="background: ${theme.btn_bg}; border: ${theme.btn_size} solid ${theme.btn_bg}; font-family: sans-serif; font-size: ${theme.btn_font_size}; line-height: 1.1; text-align: center; text-decoration: none; display: block; border-radius: ${theme.border_radius};" class="button-a"><span style="color:${theme.btn_color};" class="button-link">&nbsp;&nbsp;&nbsp;&nbsp;${text.toUpperCase()}&nbsp;&nbsp;&nbsp;&nbsp;</span></a></td></tr></table>`;
  const site = {
    Config: {
      get: (key) =>
        ({ 'cms.site_title': 'Kanso Shop', 'ecommerce.tracking_url': 'https://track.example.com/?code=' })[key],
    },
    Query: { the_post_thumbnail_src: () => '' },
  };
  const Kanso = { Email: { button }, Request: { environment: () => ({ DOMAIN_NAME: 'shop.example.com' }) } };
  const render = (path, values) =>
    php(
      gitText(repo, `${templates}/${path}`, commit).replace(/\\?(?:kanso\\)?Kanso::instance\(\)/g, '$Kanso'),
      { ...theme, kanso: site, Kanso, ...values },
      { ...phpFunctions, time: () => 1795737600, date: () => 'Friday 27th November 2026', md5: () => '' },
    ).replace(/<img\b[^>]*\bsrc="(?:\?v=\d+)?"[^>]*>/g, '');
  const order = {
    date: 1795737600,
    bt_transaction_id: 'k7x2m9qa',
    card_type: 'visa',
    card_last_four: '4242',
    coupon: '10',
    sub_total: 114.3,
    shipping_costs: 9.95,
    total: 124.25,
    shipping: { first_name: 'Jane', last_name: 'Cooper', email: 'jane.cooper@example.com' },
    items: [
      { product_id: 1, name: 'Linen apron', offer: 'Natural', quantity: 2, price: 58 },
      { product_id: 2, name: 'Ceramic mug', offer: 'Speckled white', quantity: 3, price: 69 },
    ],
  };
  writeCase(
    'mail-kanso-order-confirmed',
    render('order-confirmed.php', { subject: 'Your order is confirmed', name: 'Jane', order }),
    { description: `${repo} ${templates}/order-confirmed.php at ${commit.slice(0, 7)}, a sample order of two items` },
  );
  writeCase(
    'mail-kanso-order-sent',
    render('order-sent.php', {
      subject: 'Your order is on its way',
      name: 'Jane',
      orderRefernce: 'k7x2m9qa',
      trackingCode: 'ab123456789nz',
    }),
    { description: `${repo} ${templates}/order-sent.php at ${commit.slice(0, 7)} with a sample tracking code` },
  );
  const framed = (path, subject, values) =>
    render('body.php', { subject, content: render(path, values), logo_url: theme.logo_url });
  const people = { name: 'Jane', websiteName: 'Kanso Shop', websiteUrl: 'https://shop.example.com' };
  writeCase(
    'mail-kanso-forgot-password',
    framed('forgot-password.php', 'Reset your password', {
      ...people,
      resetUrl: 'https://shop.example.com/reset-password/?token=3f9a7c2e',
    }),
    { description: `${repo} ${templates}/forgot-password.php in body.php at ${commit.slice(0, 7)}` },
  );
  writeCase(
    'mail-kanso-comment',
    framed('comment.php', 'New comment', {
      ...people,
      comment_id: 42,
      comment_email: 'reader@example.com',
      the_title: 'Ten ways to reuse glass jars',
      the_pemalink: 'https://shop.example.com/blog/ten-ways-to-reuse-glass-jars/',
      the_excerpt:
        'Glass jars are too good to throw away. Here are ten ideas for the kitchen, the garden and the workshop, from spice racks to seedling pots.',
      the_thumbnail: '',
    }),
    { description: `${repo} ${templates}/comment.php in body.php at ${commit.slice(0, 7)}, a sample comment` },
  );
  writeCase(
    'mail-kanso-reset-password',
    framed('reset-password.php', 'Your password was reset', {
      ...people,
      resetUrl: 'https://shop.example.com/forgot-password/',
      loginUrl: 'https://shop.example.com/login/',
    }),
    { description: `${repo} ${templates}/reset-password.php in body.php at ${commit.slice(0, 7)}` },
  );
  writeCase(
    'mail-kanso-confirm-account',
    framed('confirm-account.php', 'Please verify your email', {
      ...people,
      confirmURL: 'https://shop.example.com/confirm-account/?token=8d1e44b0',
    }),
    { description: `${repo} ${templates}/confirm-account.php in body.php at ${commit.slice(0, 7)}` },
  );
}

// 5. Invoices. Stumptown Syndicate's FusionInvoice template (stumpsyn/fusion-invoice-template, MIT except
// its logo, which is kept here for measuring only): the PDF view with its invoice_content.php and
// invoice_styles.css inlined as the view does, filled with a sample invoice by the PHP subset above;
// the Bootstrap it links is FusionInvoice's own copy, not in the repository, so dropped.
{
  const repo = 'stumpsyn/fusion-invoice-template';
  const commit = '2eea4da5eb7aa455879b8374fe7e3bd6bba4c112';
  const lang = {
    bill_to: 'Bill To',
    invoice_date: 'Invoice Date',
    due_date: 'Due Date',
    amount_due: 'Amount Due',
    item: 'Item',
    description: 'Description',
    qty: 'Qty',
    price: 'Price',
    total: 'Total',
    subtotal: 'Subtotal',
    item_tax: 'Item Tax',
    paid: 'Paid',
    balance: 'Balance',
    terms: 'Terms',
  };
  const money = (n) => `$${Number(n).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const item = (item_name, item_description, item_quantity, item_price) => ({
    item_name,
    item_description,
    item_quantity,
    item_price,
    item_subtotal: item_quantity * item_price,
  });
  const items = [
    item('Workshop', 'Two-day workshop on accessible web forms, 14 attendees', 2, 1800),
    item('Venue', 'Conference room and catering, per day', 2, 650),
    item('Materials', 'Printed handbooks', 14, 12.5),
  ];
  const subtotal = items.reduce((sum, { item_subtotal }) => sum + item_subtotal, 0);
  const invoice = {
    user_name: 'Stumptown Syndicate',
    user_address_1: '1234 SE Hawthorne Blvd',
    user_address_2: 'Suite 200',
    user_city: 'Portland',
    user_state: 'OR',
    user_zip: '97214',
    user_phone: '(503) 555-0142',
    user_fax: '',
    user_email: 'treasurer@stumptownsyndicate.example',
    user_custom_ein: '45-1234567',
    user_custom_w9_url: 'https://stumptownsyndicate.example/w9.pdf',
    client_name: 'Rose City Web Co.',
    client_address_1: '800 NW 6th Ave',
    client_address_2: '',
    client_city: 'Portland',
    client_state: 'OR',
    client_zip: '97209',
    client_phone: '(503) 555-0199',
    invoice_number: 'SYN-2026-031',
    invoice_custom_po_number: 'PO-7781',
    invoice_date_created: '2026-11-27',
    invoice_date_due: '2026-12-27',
    invoice_item_subtotal: subtotal,
    invoice_item_tax_total: 0,
    invoice_total: subtotal,
    invoice_paid: 1000,
    invoice_balance: subtotal - 1000,
    invoice_terms: 'Payment due within 30 days.\nPlease make checks payable to Stumptown Syndicate.',
  };
  const content = gitText(repo, 'application/views/syndicate/invoice_content.php', commit).replace(
    'src="/syndicate_assets/syndicate_invoice_logo.svg"',
    'src="syndicate_invoice_logo.svg"',
  );
  const view = gitText(repo, 'application/views/invoice_templates/pdf/syndicate_invoice.php', commit)
    .replace(/<link rel="stylesheet" href="<\?php echo base_url\(\); \?>[^>]*>/, '')
    .replace(/<\?php \$this->load->file\([^)]*\) \?>/, gitText(repo, 'syndicate_assets/invoice_styles.css', commit))
    .replace(/<\?php \$this->load->view\('syndicate\/invoice_content'\) \?>/, content);
  writeCase(
    'invoice-fusioninvoice-syndicate',
    php(
      view,
      { invoice, items, invoice_tax_rates: [] },
      {
        ...phpFunctions,
        lang: (key) => lang[key],
        format_currency: money,
        date_from_mysql: (date) => date.split('-').reverse().join('/'),
      },
    ),
    {
      description: `${repo} application/views/invoice_templates/pdf/syndicate_invoice.php at ${commit.slice(0, 7)}, a sample invoice`,
    },
    repoFiles(repo, commit, { 'syndicate_invoice_logo.svg': 'syndicate_assets/syndicate_invoice_logo.svg' }),
  );
}

// rbisewski/pyhtml-invoice (MIT): its generate_invoice.py run by python3 with its own sample order (the
// order number it takes from the clock written as a fixed one), with its logo.
{
  const repo = 'rbisewski/pyhtml-invoice';
  const commit = '2a35e362ad02b3be457c67d19a4cdb6e53a4a9bf';
  const work = mkdtempSync(join(tmpdir(), 'setk-pyhtml-'));
  for (const file of ['generate_invoice.py', 'pycss.py']) writeFileSync(join(work, file), gitFile(repo, file, commit));
  execFileSync('python3', ['generate_invoice.py', '-o', join(work, 'invoice.html')], { cwd: work });
  const html = readFileSync(join(work, 'invoice.html'), 'utf8').replace(
    /(<td>Number:<\/td>\s*<td>)\d+(<\/td>)/,
    '$1179573760000$2',
  );
  rmSync(work, { recursive: true, force: true });
  writeCase(
    'invoice-pyhtml',
    html,
    { description: `${repo} generate_invoice.py at ${commit.slice(0, 7)}, its sample order` },
    repoFiles(repo, commit, { 'invoice_logo.png': 'invoice_logo.png' }),
  );
}

// René Weiser's German invoice (reneweiser/html-invoice-generator, ISC): src/index.hbs rendered with its
// helpers and content/sample-data.js as its src/js/build.js does, with its dist/css/style.css (its Google
// Font dropped).
{
  const repo = 'reneweiser/html-invoice-generator';
  const commit = '2214de499e5983e050efb5f1a55a09182fb28dbd';
  const work = mkdtempSync(join(tmpdir(), 'setk-reneweiser-'));
  for (const file of ['invoiceHelpers.js', 'sample-data.js']) {
    const path = file === 'sample-data.js' ? 'content/sample-data.js' : 'src/helpers/invoiceHelpers.js';
    writeFileSync(join(work, file), gitFile(repo, path, commit));
  }
  const helpers = require(join(work, 'invoiceHelpers.js'));
  const data = require(join(work, 'sample-data.js'));
  rmSync(work, { recursive: true, force: true });
  const handlebars = require('handlebars').create();
  for (const name of ['printCurrency', 'printItemTotal', 'printInvoiceTotal', 'greeting', 'printDate']) {
    handlebars.registerHelper(name, helpers[name]);
  }
  writeCase(
    'invoice-reneweiser-de',
    handlebars.compile(gitText(repo, 'src/index.hbs', commit))(data),
    { description: `${repo} src/index.hbs at ${commit.slice(0, 7)} with its content/sample-data.js` },
    repoFiles(repo, commit, { 'css/style.css': 'dist/css/style.css' }),
  );
}

// 6. mPDF's examples (mpdf/mpdf-examples; mPDF is GPL-2.0, the examples state no licence): the HTML
// string each PHP file hands to WriteHTML(), the stylesheet it loads first inlined before it, printed
// with the page margins it gives mPDF. mPDF's own tags (<pagebreak />, <htmlpageheader> in an `mpdf`
// comment) mean nothing to Chromium and stay as they are. The invoice (example34, margins 48/15/25/20 mm,
// its thead repeated on the next page) and the tables example (example05, mPDF's default 16/15 mm
// margins, its images copied).
{
  const repo = 'mpdf/mpdf-examples';
  const commit = '3daa8bb3b321c4710432365e73b6911540c939d9';
  /** The single-quoted PHP string assigned to $html. */
  const htmlOf = (path) =>
    gitText(repo, path, commit)
      .match(/\$html = '([\s\S]*?)';\s*\n/)[1]
      .replace(/\\(['\\])/g, '$1');
  writeCase('invoice-mpdf-example', htmlOf('example34_invoice_example.php'), {
    description: `${repo} example34_invoice_example.php at ${commit.slice(0, 7)}`,
    margin: { top: '48mm', right: '15mm', bottom: '25mm', left: '20mm' },
  });
  const tables = htmlOf('example05_tables.php');
  const images = [...tables.matchAll(/src="(assets\/[^"]+)"/g)].map(([, path]) => path);
  writeCase(
    'report-mpdf-tables',
    `<style>\n${gitText(repo, 'assets/mpdfstyletables.css', commit)}\n</style>\n${tables}`,
    {
      description: `${repo} example05_tables.php at ${commit.slice(0, 7)} with assets/mpdfstyletables.css`,
      margin: { top: '16mm', right: '15mm', bottom: '16mm', left: '15mm' },
    },
    repoFiles(repo, commit, Object.fromEntries(images.map((path) => [path, path]))),
  );
}
