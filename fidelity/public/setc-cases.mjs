#!/usr/bin/env node
// Builds set C of the public templates (README.md beside this file) except the JSON Resume cases,
// which jsonresume-cases.mjs writes first; this script then makes those self-contained too.
//   node fidelity/public/jsonresume-cases.mjs /tmp/npm /tmp/setc eventide folio …
//   node fidelity/public/setc-cases.mjs /tmp/npm /tmp/mirrors /tmp/setc
// <npm prefix> holds inky, juice, mjml, handlebars, bootstrap (as bootstrap3 and bootstrap502),
// font-awesome@4.7.0 and @fortawesome/fontawesome-free@6.4.2; <mirrors> holds one bare clone
// per repository as owner+name/repo. References are printed with no network, so CDN links are
// pointed at local copies of the same package, and whatever else is remote is dropped.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseKit, defaultExport } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setc-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const { require, gitFile, gitText, localise, writeCase } = caseKit(prefix, mirrors, out);

// 1. JSON Resume cases already written by jsonresume-cases.mjs: make them self-contained.
for (const name of readdirSync(out).filter((n) => n.startsWith('resume-'))) {
  const file = join(out, name, 'template.html');
  writeFileSync(file, localise(readFileSync(file, 'utf8'), join(out, name)));
}

// 2. Invoice Ninja's static invoice designs (Tailwind CSS), site-absolute URLs made relative.
{
  const repo = 'beganovich/invoiceninja-invoice-templates';
  const css = gitFile(repo, 'build_production/assets/build/css/main.css');
  const logo = gitFile(repo, 'build_production/assets/images/invoiceninja-logo.png');
  for (const n of ['001', '004', '007', '010']) {
    const html = gitText(repo, `build_production/templates/${n}/index.html`)
      .replaceAll('/assets/build/css/main.css', 'main.css')
      .replaceAll('/assets/images/invoiceninja-logo.png', 'invoiceninja-logo.png');
    writeCase(
      `invoiceninja-${n}`,
      html,
      { description: `${repo} build_production/templates/${n}/index.html` },
      { 'main.css': css, 'invoiceninja-logo.png': logo },
    );
  }
}

// 3. Foundation for Emails templates: Inky → the starter project's layout → CSS inlined by juice,
// as foundation-emails-template's build does.
{
  const { Inky } = require('inky');
  const juice = defaultExport(require('juice'));
  const css = gitText('foundation/foundation-emails', 'dist/foundation-emails.css');
  const layout = gitText('foundation/foundation-emails-template', 'src/layouts/default.html')
    .replace(/\{\{!--[\s\S]*?--\}\}\s*/g, '')
    .replace(/<link[^>]*app\.css">/, `<style>${css}</style>`)
    .replace('{{subject}}', '')
    .replace('{{description}}', '');
  for (const page of ['order', 'welcome', 'password']) {
    const body = new Inky().releaseTheKraken(gitText('foundation/foundation-emails', `templates/${page}.html`));
    const html = juice(layout.replace('{{> body}}', body), { preserveMediaQueries: true, removeStyleTags: false });
    writeCase(`mail-foundation-${page}`, html, {
      description: `foundation/foundation-emails templates/${page}.html (Inky + juice, starter layout)`,
    });
  }
}

// 4. MJML's public e-mail templates compiled with mjml.
{
  const mjml = defaultExport(require('mjml'));
  for (const t of ['alert', 'welcome-email', 'card']) {
    const result = await mjml(gitText('mjmlio/email-templates', `templates/${t}.mjml`), { validationLevel: 'soft' });
    writeCase(`mail-mjml-${t}`, result.html, {
      description: `mjmlio/email-templates templates/${t}.mjml (mjml ${require('mjml/package.json').version})`,
    });
  }
}

// 5. TutorCruncher's invoice (Mustache in the browser): expanded here with sample data, Mustache
// lookup rules (Handlebars compat mode), its script tags dropped.
{
  const repo = 'tutorcruncher/TutorCruncher-invoice-template';
  const Handlebars = require('handlebars');
  const item = (date, description, units, amount, extra = {}) => ({
    date,
    description,
    units,
    amount,
    reference: `Ref: ${date.replace(/\//g, '')}-A`,
    ...extra,
  });
  const data = {
    invoice_label: 'INV-2041',
    logo: 'tc-box-logo.png',
    first_page_subtitle: 'Invoice INV-2041',
    date_sent: 'Sent 3 March 2026',
    client_name: 'Jane Example',
    client_street: '12 Harbour Road',
    client_town: 'Bristol',
    client_country: 'United Kingdom',
    client_postcode: 'BS1 4RB',
    client_phone: '0117 496 0123',
    client_email: 'jane@example.com',
    branch_name: 'Bright Minds Tutoring',
    branch_street: '1 Market Square',
    branch_town: 'Bath',
    branch_country: 'United Kingdom',
    branch_postcode: 'BA1 1AA',
    branch_email: 'accounts@brightminds.example',
    branch_statement_prefix:
      'This statement covers lessons delivered between 1 and 28 February 2026. Invoices from each tutor and from the agency are attached; the totals below are what is due.',
    'has_charges_via_contractor?': true,
    'has_charges_via_branch?': true,
    total_charged_via_contractor: '£360.00',
    total_charged_via_branch: '£96.00',
    invoice_amount: '£456.00',
    please_quote: 'Please quote INV-2041 with your payment',
    branch_payment_details: 'Bank: Example Bank<br>Sort code: 00-00-00<br>Account: 12345678',
    sub_invoices: [
      {
        page_subtitle: 'INV-2041-1 from Sam Tutor',
        payee_name: 'Sam Tutor',
        payee_street: '8 Mill Lane',
        payee_town: 'Bath',
        payee_country: 'United Kingdom',
        payee_postcode: 'BA2 3CD',
        'payee_is_branch?': false,
        gross_amount: '£360.00',
        branch_contractor_page_suffix:
          'Sam Tutor invoices you directly; Bright Minds Tutoring collects the payment on their behalf.',
        items: [
          item('03/02/2026', 'Maths GCSE, 1 hour', '1.00', '£40.00'),
          item('05/02/2026', 'Maths GCSE, 2 hours', '2.00', '£80.00'),
          item('10/02/2026', 'Physics A level, 2 hours', '2.00', '£80.00', { cancelled: true }),
          item('17/02/2026', 'Maths GCSE, 2 hours', '2.00', '£80.00'),
          item('24/02/2026', 'Physics A level, 2 hours', '2.00', '£80.00'),
        ],
      },
      {
        page_subtitle: 'INV-2041-2 from Bright Minds Tutoring',
        payee_name: 'Bright Minds Tutoring',
        payee_street: '1 Market Square',
        payee_town: 'Bath',
        payee_country: 'United Kingdom',
        payee_postcode: 'BA1 1AA',
        payee_website: 'brightminds.example',
        payee_email: 'accounts@brightminds.example',
        'payee_is_branch?': true,
        vat_rate: '20%',
        net_amount: '£80.00',
        tax_amount: '£16.00',
        gross_amount: '£96.00',
        contractor_label: 'Tutor',
        items: [
          item('03/02/2026', 'Agency fee, February', '1.00', '£50.00', { contractors: 'Sam Tutor' }),
          item('28/02/2026', 'Progress report', '1.00', '£30.00', { contractors: 'Sam Tutor' }),
        ],
      },
    ],
  };
  const template = gitText(repo, 'invoice_template.html').replace(/<script\b[\s\S]*?<\/script>\s*/gi, '');
  const html = Handlebars.compile(template, { compat: true })(data);
  writeCase(
    'invoice-tutorcruncher',
    html,
    { description: `${repo} invoice_template.html with sample data (Mustache sections expanded here)` },
    {
      'css/pdf_styles.css': gitFile(repo, 'css/pdf_styles.css'),
      'tc-box-logo.png': gitFile(repo, 'tc-box-logo.png'),
    },
  );
}

// 6. Print samples collected by CSS-Paged-Media/html2pdf-tool-comparison.
{
  const repo = 'CSS-Paged-Media/html2pdf-tool-comparison';
  const copy = (base, names) => Object.fromEntries(names.map((n) => [n, gitFile(repo, `${base}/${n}`)]));
  const samples = [
    ['print-pdfreactor-footnotes', 'html/PDFreactor Examples/footnotes', 'footnotes.html', []],
    ['print-pdfreactor-flexbox', 'html/PDFreactor Examples/flexbox', 'flexbox.html', []],
    [
      'print-pdfreactor-multicolumn',
      'html/PDFreactor Examples/multicolumn',
      'multicolumn.html',
      ['capitol.jpg', 'sushi.jpg', 'JOURNAL.TTF'],
    ],
    ['print-ecommerce-product-list', 'html/E-Commerce', 'product-list.html', []],
  ];
  for (const [name, base, file, assets] of samples) {
    writeCase(name, gitText(repo, `${base}/${file}`), { description: `${repo} ${base}/${file}` }, copy(base, assets));
  }
}

// 7. CertificateBuilder's default certificate (wkhtmltopdf engine): its [[placeholders]] filled
// with sample values, its ini's page (A4 landscape, no margins) as the page defaults.
{
  const repo = 'azuya/CertificateBuilder';
  const base = 'templates/default';
  const values = {
    title: 'Certificate of Completion',
    name: 'Jane Example',
    certification: 'DEFAULT CERTIFICATION',
    date_day: '7th',
    date_month: 'March',
    date_year: '2026',
    location: 'Default Education',
  };
  const html = gitText(repo, `${base}/default.tpl`)
    .replaceAll(`${base}/`, '')
    .replace(/\[\[(\w+)\]\]/g, (_, key) => values[key] ?? '');
  const fonts = [
    'Alegreya/Alegreya-Regular.ttf',
    'Alegreya/Alegreya-Bold.ttf',
    'Asset/Asset.ttf',
    'Pinyon_Script/PinyonScript-Regular.ttf',
  ].map((f) => `fonts/${f}`);
  const files = Object.fromEntries(
    ['styles.css', 'border.png', 'signature.png', 'texture.jpg', ...fonts].map((f) => [
      f,
      gitFile(repo, `${base}/${f}`),
    ]),
  );
  writeCase(
    'certificate-certificatebuilder',
    html,
    {
      description: `${repo} ${base}/default.tpl with sample values, page from default.ini`,
      format: 'A4',
      landscape: true,
      margin: '0mm',
    },
    files,
  );
}
