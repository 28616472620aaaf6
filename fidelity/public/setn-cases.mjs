#!/usr/bin/env node
// Builds set N of the public templates (README.md beside this file), held out from session 16 on:
// measured only (blind). Sources none of sets A–M and P use:
//   node fidelity/public/setn-cases.mjs /work/npm-setn /work/.mirror /work/public/setn
// <npm prefix> holds handlebars@4.7.8, sass@1.83.0, juice@12.2.0, liquidjs@10.30.1, bulma@1.0.4,
// bulma102@npm:bulma@1.0.2, font-awesome@4.7.0, bootstrap4b2@npm:bootstrap@4.0.0-beta.2, md-to-pdf@5.2.5,
// mdpdf@3.1.0 and markdown-pdf@11.0.0 (installed with --ignore-scripts: no browser is needed);
// <mirrors> holds one clone per repository as owner+name/repo (the `fetch` tool):
// awesome-resume-templates/html-resume-templates, tychenjiajun/a4-resume-template, marcbachmann/node-html-pdf,
// dinyangetoh/express-invoice-template, ilyaKryazh/QrCode, BulmaTemplates/bulma-templates,
// TMBR/Shopify-HTML-Email-Templates.
// Every script is dropped (Platen runs none), remote resources too, as in set D.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { caseKit, defaultExport } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setn-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { require, pkgDir, gitText, gitFile } = kit;
const { writeTemplateCase: writeCase, repoFiles, npmFiles } = kit;
const json = (data) => JSON.stringify(data, null, 1) + '\n';

// 1. Résumés.
// Awesome HTML Resume Templates (awesome-resume-templates/html-resume-templates, MIT): seven of its twenty
// templates, each templates/<name>/index.html with its style.css (no scripts, no remote resources; the
// print-optimized one sets US Letter by its @page rule, the RTL one is in Arabic and English).
{
  const repo = 'awesome-resume-templates/html-resume-templates';
  const commit = '0463aacfcff3f1ab834fedd3b6bd59a2a2ab2735';
  for (const name of [
    '02-modern-sidebar',
    '07-timeline',
    '11-academic-cv',
    '14-infographic',
    '16-print-optimized',
    '17-two-column-compact',
    '20-rtl-multilingual',
  ]) {
    writeCase(
      `resume-awesome-${name.slice(3)}`,
      gitText(repo, `templates/${name}/index.html`, commit),
      { description: `${repo} templates/${name}/index.html at ${commit.slice(0, 7)}` },
      repoFiles(repo, commit, { 'style.css': `templates/${name}/style.css` }),
    );
  }
}

// Jiajun Chen's A4 résumé (tychenjiajun/a4-resume-template, MIT; made to print on one A4 page, checked by its
// Playwright tests): index.html with styles/theme.css compiled from styles/theme.scss by sass, as its build
// does; the Inter font is a Google Font, so dropped; its script only toggles an on-screen print preview.
{
  const repo = 'tychenjiajun/a4-resume-template';
  const commit = '04b04d3b9a825334c0d45db6bca2ea60acb5edac';
  const sass = require('sass');
  const css = sass.compileString(gitText(repo, 'styles/theme.scss', commit), {
    importers: [
      {
        canonicalize: (url) =>
          new URL(
            `setn:${url
              .replace(/^.*\//, '')
              .replace(/^_?/, '_')
              .replace(/(\.scss)?$/, '.scss')}`,
          ),
        load: (url) => ({ contents: gitText(repo, `styles/${url.pathname}`, commit), syntax: 'scss' }),
      },
    ],
    logger: sass.Logger.silent,
  }).css;
  writeCase(
    'resume-a4-template',
    gitText(repo, 'index.html', commit),
    { description: `${repo} index.html at ${commit.slice(0, 7)}, styles/theme.scss compiled by sass 1.83.0` },
    { 'styles/theme.css': css },
  );
}

// 2. node-html-pdf (marcbachmann/node-html-pdf, MIT; an HTML-to-PDF module around PhantomJS): its business-card
// example, examples/businesscard/businesscard.html, a Handlebars-style template whose `{{image}}` its test
// fills with the logo beside it (data.json), on a 50 × 90 mm page without margins as the test asks (its
// Sackers Gothic font is the author's own, so a fallback prints); and test/multiple-pages.html (A4 without
// margins, html-pdf's defaults; its PhantomJS header and footer divs print in the flow, `{{pages}}` as text).
{
  const repo = 'marcbachmann/node-html-pdf';
  const commit = '7e8c02af936341c1ba23a6a1c422649363e7a7aa';
  writeCase(
    'card-html-pdf-business-card',
    gitText(repo, 'examples/businesscard/businesscard.html', commit),
    {
      description: `${repo} examples/businesscard/businesscard.html at ${commit.slice(0, 7)} with its image`,
      handlebars: true,
      width: '50mm',
      height: '90mm',
      margin: '0',
    },
    {
      'data.json': json({ image: 'image.png' }),
      ...repoFiles(repo, commit, { 'image.png': 'examples/businesscard/image.png' }),
    },
  );
  writeCase('report-html-pdf-multiple-pages', gitText(repo, 'test/multiple-pages.html', commit), {
    description: `${repo} test/multiple-pages.html at ${commit.slice(0, 7)}`,
    margin: '0',
  });
}

// 3. Invoices: David Inyangetoh's Bootstrap 4 invoice (dinyangetoh/express-invoice-template, ISC by its
// package.json): fixed-invoice.html and fluid-invoice.html with their stylesheets and images, Bootstrap
// 4.0.0-beta.2 from npm (its package.json's `^4.0.0-beta.2`) where it links its node_modules copy. The pages are
// Vue templates filled by assets/js/app.js; here they are written as Handlebars (`v-for` as `{{#each}}`, the
// computed sums as values) with data.json holding app.js's items and the sums it computes; the fluid page's
// site-absolute links (/assets/…) made relative.
{
  const repo = 'dinyangetoh/express-invoice-template';
  const commit = 'b38be9206f7472cebd3616dbaa729936b299cdfd';
  let app;
  vm.runInNewContext(gitText(repo, 'assets/js/app.js', commit), {
    Vue: function (options) {
      app = options;
    },
  });
  const self = { items: app.data.items };
  for (const [key, compute] of Object.entries(app.computed)) Object.defineProperty(self, key, { get: compute });
  const money = (n) => Number(n).toFixed(2);
  const data = {
    items: self.items.map((item) => ({
      ...item,
      price: money(item.unit_price),
      line: item.unit_price * item.quantity,
    })),
    ...Object.fromEntries(Object.keys(app.computed).map((key) => [key, money(self[key])])),
  };
  const toHandlebars = (html) =>
    html
      .replace(/<tr v-for="item in items">([\s\S]*?<\/tr>)/, '{{#each items}}<tr>$1{{/each}}')
      .replace(/\{\{\s*formatNumber\(item\.unit_price\)\s*\}\}/g, '{{price}}')
      .replace(/\{\{\s*item\.unit_price \* item\.quantity\s*\}\}/g, '{{line}}')
      .replace(/\{\{\s*item\.(\w+)\s*\}\}/g, '{{$1}}')
      .replace(/\{\{\s*formatNumber\((\w+)\)\s*\}\}/g, '{{$1}}')
      .replace(/(href|src)="\/(node_modules|assets)\//g, '$1="$2/');
  const assets = Object.fromEntries(
    ['style.css', 'fluid-style.css'].map((css) => [`assets/css/${css}`, gitFile(repo, `assets/css/${css}`, commit)]),
  );
  const images = kit.gitList(repo, 'assets/images', commit);
  for (const page of ['fixed', 'fluid']) {
    writeCase(
      `invoice-express-bootstrap4-${page}`,
      toHandlebars(gitText(repo, `${page}-invoice.html`, commit)),
      {
        description: `${repo} ${page}-invoice.html at ${commit.slice(0, 7)}, its Vue bindings as Handlebars with app.js's data`,
        handlebars: true,
      },
      {
        'data.json': json(data),
        ...assets,
        ...Object.fromEntries(images.map((path) => [path, gitFile(repo, path, commit)])),
        ...npmFiles('bootstrap4b2', {
          'node_modules/bootstrap/dist/css/bootstrap.min.css': 'dist/css/bootstrap.min.css',
        }),
      },
    );
  }
}

// Certificate: ilyaKryazh/QrCode resources/views/certificate.blade.php (MIT by its composer.json; a Laravel app
// that prints it with laravel-dompdf on A4 landscape, with dompdf's default 1.2 cm page margin): its four Blade
// echoes (`{{$name}}`) written as Handlebars expressions, with a sample certificate in data.json.
{
  const repo = 'ilyaKryazh/QrCode';
  const commit = '9ff4452a43923fa6432f8be36c618f0c20e88676';
  const path = 'resources/views/certificate.blade.php';
  writeCase(
    'certificate-laravel-dompdf',
    gitText(repo, path, commit).replace(/\{\{\s*\$(\w+)\s*\}\}/g, '{{$1}}'),
    {
      description: `${repo} ${path} at ${commit.slice(0, 7)}, its Blade echoes as Handlebars with a sample certificate`,
      handlebars: true,
      format: 'A4',
      landscape: true,
      margin: '1.2cm',
    },
    {
      'data.json': json({
        name: 'Elena Vasquez',
        course: 'Advanced Workplace Safety',
        number: 'CERT-2026-00417',
        date: '27 November 2026',
      }),
    },
  );
}

// 4. Bulma pages (BulmaTemplates/bulma-templates, MIT): templates/{blog,documentation,forum}.html with their own
// stylesheets and logo; Bulma from npm in place of its unpkg link (1.0.4, and 1.0.2 for the forum as it asks),
// Font Awesome 4.7.0 from npm; Google Fonts and remote photos dropped.
{
  const repo = 'BulmaTemplates/bulma-templates';
  const commit = '7012678e7f93721971568f1dda2ab4bbbfaa89ee';
  for (const page of ['blog', 'documentation', 'forum']) {
    let html = gitText(repo, `templates/${page}.html`, commit);
    const local = [...html.matchAll(/(?:href|src)="\.\.\/([^"]+\.(?:css|png|jpg|svg))"/g)].map(([, path]) => path);
    const [, version] = /unpkg\.com\/bulma@([\d.]+)\/css\/bulma\.min\.css/.exec(html);
    html = html
      .replace(/https:\/\/unpkg\.com\/bulma@[\d.]+\/css\/bulma\.min\.css/, 'vendor/bulma/css/bulma.min.css')
      .replaceAll('="../', '="');
    writeCase(
      `report-bulma-${page}`,
      html,
      { description: `${repo} templates/${page}.html at ${commit.slice(0, 7)}, Bulma ${version} from npm` },
      {
        ...repoFiles(repo, commit, Object.fromEntries(local.map((path) => [path, path]))),
        ...npmFiles(version === '1.0.2' ? 'bulma102' : 'bulma', {
          'vendor/bulma/css/bulma.min.css': 'css/bulma.min.css',
        }),
      },
    );
  }
}

// 5. Shopify notification e-mails (TMBR/Shopify-HTML-Email-Templates, a fork of Cam/Shopify-HTML-Email-Templates;
// no licence stated): six Liquid templates rendered by liquidjs 10.30.1 with a sample shop, order, shipment,
// refund and gift card written for this set and Shopify's money and image filters written here (amounts in
// cents; product images and the shop logo are Shopify CDN addresses, so dropped), styles/main.scss compiled by
// sass and inlined by juice as its gulpfile does with gulp-inline-css.
{
  const repo = 'TMBR/Shopify-HTML-Email-Templates';
  const commit = 'e5d81f5611203aae4fc797e12e98b438dd4e06ca';
  const { Liquid } = require('liquidjs');
  const liquid = new Liquid();
  const dollars = (cents) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  liquid.registerFilter('money', dollars);
  liquid.registerFilter('money_with_currency', (cents) => `${dollars(cents)} USD`);
  liquid.registerFilter('money_without_trailing_zeros', (cents) => dollars(cents).replace(/\.00$/, ''));
  liquid.registerFilter('asset_url', (file) => `https://cdn.shopify.com/s/files/1/0000/0001/t/1/assets/${file}`);
  liquid.registerFilter(
    'product_img_url',
    (image, size) => `https://cdn.shopify.com/s/files/1/0000/0001/products/${image}_${size}.jpg`,
  );
  const address = {
    name: 'Maya Okafor',
    street: '2207 Alder Street',
    city: 'Portland',
    province: 'Oregon',
    zip: '97205',
    country: 'United States',
  };
  const lineItems = [
    { title: 'Trail Mix Energy Bar – 12 pack', quantity: 2, price: 2399, product: { featured_image: 'trail-bar' } },
    { title: 'Electrolyte Drink Tablets, Lemon', quantity: 1, price: 1299, product: { featured_image: 'tablets' } },
    { title: 'Insulated Bottle 750 ml', quantity: 1, price: 3450, product: { featured_image: 'bottle' } },
  ];
  const shared = {
    shop_name: 'GU Energy Store',
    shop: { name: 'GU Energy Store', email: 'support@example.com', url: 'https://shop.example.com' },
    name: '#1047',
    order: { order_number: 1047 },
    date: '2026-11-24T10:15:00Z',
    billing_address: address,
    shipping_address: address,
    customer: { name: 'Maya Okafor', first_name: 'Maya' },
    requires_shipping: true,
    line_items: lineItems,
    item_count: 4,
    subtotal_price: 9547,
    shipping_price: 795,
    tax_lines: [{ title: 'Oregon sales tax', price: 0 }],
    discounts: true,
    discounts_savings: 500,
    total_price: 9842,
    url: 'https://shop.example.com/checkouts/c7d1e2',
    fulfillment_status: 'fulfilled',
    fulfillment: {
      item_count: 4,
      tracking_company: 'UPS',
      tracking_numbers: ['1Z999AA10123456784'],
      tracking_urls: ['https://www.ups.com/track?tracknum=1Z999AA10123456784'],
      fulfillment_line_items: lineItems.map((line) => ({ line_item: line, quantity: line.quantity })),
    },
    amount: 1299,
    refund_line_items: [{ line_item: lineItems[1], quantity: 1, product: lineItems[1].product }],
    cancel_reason: 'inventory',
    financial_status: 'voided',
    gift_card: {
      customer: { first_name: 'Maya' },
      initial_value: 5000,
      balance: 5000,
      url: 'https://shop.example.com/gift_cards/4f2a',
    },
  };
  const sass = require('sass');
  const css = sass.compileString(gitText(repo, 'styles/main.scss', commit), {
    style: 'expanded',
    logger: sass.Logger.silent,
  }).css;
  const juice = defaultExport(require('juice'));
  for (const [name, file] of [
    ['mail-shopify-order-confirmation', 'Order Confirmation'],
    ['mail-shopify-shipping-confirmation', 'Shipping Confirmation'],
    ['mail-shopify-abandoned-checkout', 'Abandoned Checkout Notification'],
    ['mail-shopify-refund', 'Refund Notification'],
    ['mail-shopify-gift-card', 'Gift Card Notification'],
    ['mail-shopify-order-cancelled', 'Order Cancelled'],
    ['mail-shopify-account-welcome', 'Customer Account Welcome'],
  ]) {
    const page = liquid
      .parseAndRenderSync(gitText(repo, `${file}.html`, commit), shared)
      .replace(/<link [^>]*href="build\/css\/main\.css"[^>]*>/, `<style>\n${css}\n</style>`);
    writeCase(name, juice(page, { applyStyleTags: true, removeStyleTags: true, preserveMediaQueries: true }), {
      description: `${repo} ${file}.html at ${commit.slice(0, 7)}, rendered by liquidjs with a sample order`,
    });
  }
}

// 6. Markdown to PDF tools from npm, each printing its own README with the stylesheets it ships (the README's
// remote badges and images dropped).
// md-to-pdf 5.2.5 (MIT; puppeteer): readme.md through its own getHtml (marked with highlight.js), markdown.css and
// highlight.js's github style as it adds them, A4 with its default margins 30 mm 40 mm 30 mm 20 mm.
{
  const dir = pkgDir('md-to-pdf');
  const { getHtml } = require('md-to-pdf/dist/lib/get-html.js');
  const { defaultConfig } = require('md-to-pdf/dist/lib/config.js');
  const styles = [join(dir, 'markdown.css'), require.resolve('highlight.js/styles/github.css')]
    .map((path) => `<style>\n${readFileSync(path, 'utf8')}\n</style>`)
    .join('\n');
  const html = getHtml(readFileSync(join(dir, 'readme.md'), 'utf8'), defaultConfig).replace(
    '</head>',
    `${styles}</head>`,
  );
  writeCase('report-md-to-pdf-readme', html, {
    description: 'md-to-pdf 5.2.5 readme.md rendered as md-to-pdf does, with its markdown.css and highlight.js github',
    margin: { top: '30mm', right: '40mm', bottom: '30mm', left: '20mm' },
  });
}

// mdpdf 3.1.0 (Apache-2.0; puppeteer): README.md converted as its convert() does (showdown 2 in GitHub flavour
// with its emoji and highlight extensions, its ghCompatibleHeaderId options) into its layouts/doc-body.hbs with
// the stylesheets its CLI uses by default (github-markdown-css, highlight.js github, its default.css), A4 with
// its default 20 mm borders.
{
  const dir = join(pkgDir('mdpdf'), 'dist/src');
  const showdown = require('showdown');
  showdown.setFlavor('github');
  const converter = new showdown.Converter({
    prefixHeaderId: false,
    ghCompatibleHeaderId: true,
    simpleLineBreaks: false,
    extensions: [defaultExport(require('showdown-emoji')), defaultExport(require('showdown-highlight'))],
  });
  const handlebars = require('handlebars');
  const css = ['assets/github-markdown-css.css', 'assets/highlight/styles/github.css', 'assets/default.css']
    .map((path) => `<style>${readFileSync(join(dir, path), 'utf8')}</style>`)
    .join('');
  const html = handlebars.compile(readFileSync(join(dir, 'layouts/doc-body.hbs'), 'utf8'))({
    css: new handlebars.SafeString(css),
    body: new handlebars.SafeString(converter.makeHtml(readFileSync(join(pkgDir('mdpdf'), 'README.md'), 'utf8'))),
  });
  writeCase('report-mdpdf-readme', html, {
    description: 'mdpdf 3.1.0 README.md converted as mdpdf does, in its doc-body.hbs with its default stylesheets',
    margin: '20mm',
  });
}

// markdown-pdf 11.0.0 (MIT; PhantomJS): README.md through remarkable with highlight.js (`breaks: true`, as its
// defaults), placed into its html5bp/index.html (`{{baseUrl}}` the case folder, its normalize.css and main.css)
// with its css/pdf.css and css/highlight.css linked after them as its render.js does, A4 with its 2 cm border.
{
  const dir = pkgDir('markdown-pdf');
  const { Remarkable } = require('remarkable');
  const hljs = require('highlight.js');
  const parser = new Remarkable('default', {
    breaks: true,
    highlight: (code, language) => {
      if (language && hljs.getLanguage(language)) return hljs.highlight(code, { language }).value;
      return hljs.highlightAuto(code).value;
    },
  });
  const html = readFileSync(join(dir, 'html5bp/index.html'), 'utf8')
    .replace(/\{\{baseUrl\}\}/g, '.')
    .replace('{{content}}', () => parser.render(readFileSync(join(dir, 'README.md'), 'utf8')))
    .replace('</head>', '<link rel="stylesheet" href="pdf.css"><link rel="stylesheet" href="highlight.css"></head>');
  writeCase(
    'report-markdown-pdf-readme',
    html,
    { description: 'markdown-pdf 11.0.0 README.md rendered as markdown-pdf does, in its html5bp page', margin: '2cm' },
    npmFiles('markdown-pdf', {
      'css/normalize.css': 'html5bp/css/normalize.css',
      'css/main.css': 'html5bp/css/main.css',
      'pdf.css': 'css/pdf.css',
      'highlight.css': 'css/highlight.css',
    }),
  );
}
