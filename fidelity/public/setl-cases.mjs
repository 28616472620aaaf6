#!/usr/bin/env node
// Builds set L of the public templates (README.md beside this file), held out from session 14 on:
// measured only (blind). Sources none of sets A–K and P use:
//   node fidelity/public/setl-cases.mjs /tmp/setl-npm /work/.mirror /tmp/setl
// <npm prefix> holds pug@3.0.3, sass@1.83.0, markdown-it@14.1.0, handlebars@4.7.8, semantic-ui-css@2.3.0,
// normalize.css@8.0.0, font-awesome@4.7.0, jstransformer-highlight@2.0.0 (pug's `:highlight` filter), tailwindcss@4.1.17 and @tailwindcss/cli@4.1.17;
// <mirrors> holds one clone per repository as owner+name/repo. Every script is dropped (Platen runs none),
// remote resources too, as in set D.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { caseKit } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setl-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { require, pkgDir, gitText, gitFile, folderFiles } = kit;
const { writeTemplateCase: writeCase, repoFiles, npmFiles } = kit;
/** A folder of a mirrored repository written out to a temporary directory (for tools that read files). */
function checkout(repo, folder, commit) {
  const dir = mkdtempSync(join(tmpdir(), 'setl-'));
  for (const [rel, content] of Object.entries(folderFiles(repo, folder, /\.pdf$/i, commit))) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  return dir;
}

/**
 * Go template actions that print a field of the data (`{{ .Name }}`, `{{- .Name -}}`) written as Handlebars
 * expressions (`{{Name}}`), since the service takes Handlebars only; returns the page and, when it had any,
 * the files to add: data.json with each field's value from `samples` ("Name" when it has none).
 */
function goToHandlebars(html, samples) {
  const data = {};
  const page = html.replace(/\{\{-?\s*\.([A-Za-z_]\w*)\s*-?\}\}/g, (_, field) => {
    data[field] = Object.hasOwn(samples, field) ? samples[field] : field;
    return `{{${field}}}`;
  });
  return Object.keys(data).length ? [page, { 'data.json': JSON.stringify(data, null, 1) + '\n' }] : [page, {}];
}

// CDN stylesheets the templates import or link, and the local copies they point at instead: the same
// packages from npm and, for mnjul/html-resume's style.css (imported from its GitHub commit by ReLaXed's
// résumé), that commit's file.
const imports = {
  'https://cdnjs.cloudflare.com/ajax/libs/semantic-ui/2.3.0/semantic.min.css': 'vendor/semantic/semantic.min.css',
  'https://cdnjs.cloudflare.com/ajax/libs/font-awesome/4.7.0/css/font-awesome.min.css':
    'vendor/font-awesome/css/font-awesome.min.css',
  'https://cdnjs.cloudflare.com/ajax/libs/normalize/8.0.0/normalize.min.css': 'vendor/normalize.css',
  'https://cdn.jsdelivr.net/gh/mnjul/html-resume@71ffb26da44abb41dad40b64eb7a975ccc5dd247/style.css':
    'vendor/html-resume/style.css',
};
const vendor = {
  ...npmFiles('semantic-ui-css', {
    'vendor/semantic/semantic.min.css': 'semantic.min.css',
    ...Object.fromEntries(
      ['eot', 'svg', 'ttf', 'woff', 'woff2'].flatMap((ext) =>
        ['icons', 'outline-icons', 'brand-icons']
          .map((font) => `themes/default/assets/fonts/${font}.${ext}`)
          .filter((path) => {
            try {
              readFileSync(join(pkgDir('semantic-ui-css'), path));
              return true;
            } catch {
              return false;
            }
          })
          .map((path) => [`vendor/semantic/${path}`, path]),
      ),
    ),
  }),
  ...npmFiles('font-awesome', {
    'vendor/font-awesome/css/font-awesome.min.css': 'css/font-awesome.min.css',
    'vendor/font-awesome/fonts/fontawesome-webfont.woff2': 'fonts/fontawesome-webfont.woff2',
    'vendor/font-awesome/fonts/fontawesome-webfont.woff': 'fonts/fontawesome-webfont.woff',
    'vendor/font-awesome/fonts/fontawesome-webfont.ttf': 'fonts/fontawesome-webfont.ttf',
  }),
  ...npmFiles('normalize.css', { 'vendor/normalize.css': 'normalize.css' }),
  ...repoFiles('mnjul/html-resume', '71ffb26da44abb41dad40b64eb7a975ccc5dd247', {
    'vendor/html-resume/style.css': 'style.css',
  }),
};
/** Points the CDN URLs of `imports` in a page at the local copies; returns the page and the files it needs. */
function vendorise(html) {
  const used = {};
  for (const [url, local] of Object.entries(imports)) {
    if (!html.includes(url)) continue;
    html = html.split(url).join(local);
    for (const [path, content] of Object.entries(vendor)) if (path.startsWith(dirname(local))) used[path] = content;
  }
  return [html, used];
}

// 1. ReLaXed's examples (RelaxedJS/ReLaXed-examples, ISC; ReLaXed is an HTML-to-PDF tool that prints Pug
// and SCSS with headless Chrome). Each master .pug is rendered by pug with the two filters ReLaXed gives
// it (`markdown-it` by markdown-it, `scss` by sass, as its builtin plugins do) and wrapped in the page
// ReLaXed writes around it (src/masterToPDF.js). ReLaXed prints with puppeteer's defaults: US Letter
// unless the CSS sets a size, no margins. The CDN stylesheets its SCSS imports point at npm copies
// (Semantic UI 2.3.0, Font Awesome 4.7.0, normalize.css 8.0.0) or, for mnjul/html-resume's style.css
// that the résumé imports from its GitHub commit, at that commit's file; Google Fonts and the other
// remote imports are dropped.
{
  const repo = 'RelaxedJS/ReLaXed-examples';
  const commit = '378a2d4f34ffe8ffd61e956e02a50b15564fc9f6';
  const pug = require('pug');
  const sass = require('sass');
  const MarkdownIt = require('markdown-it');
  const filters = {
    'markdown-it': (text, options) => new MarkdownIt({ html: Boolean(options.html) }).render(text),
    scss: (text, options) =>
      options.filename?.endsWith('.scss') ? sass.compile(options.filename).css : sass.compileString(text).css,
  };
  for (const [name, example, master] of [
    ['letter-relaxed', 'letter', 'letter.pug'],
    ['resume-relaxed', 'resume', 'resume.pug'],
    ['report-relaxed', 'report', 'report.pug'],
    ['book-relaxed-alice', 'book', 'book.pug'],
    ['card-relaxed-business', 'business-card', 'business-card.pug'],
    ['report-relaxed-paper', 'paper', 'paper.pug'],
    ['slides-relaxed', 'slides', 'slides.pug'],
  ]) {
    const folder = `examples/${example}`;
    const dir = checkout(repo, folder, commit);
    const body = pug.renderFile(join(dir, master), { filters });
    rmSync(dir, { recursive: true, force: true });
    const [page, used] = vendorise(body);
    const assets = Object.fromEntries(
      Object.entries(folderFiles(repo, folder, /\.(pdf|pug|scss|md|json|yml|mermaid|flowchart|js)$|README/i, commit)),
    );
    writeCase(
      name,
      `\n    <!DOCTYPE html>\n    <html>\n      <head>\n        <meta charset="UTF-8">\n        \n      </head>\n      <body> ${page} </body>\n    </html>`,
      {
        description: `${repo} ${folder}/${master} at ${commit.slice(0, 7)}, rendered as ReLaXed does`,
        format: 'Letter',
        margin: '0',
      },
      { ...assets, ...used },
    );
  }
}

// mnjul/html-resume (Apache-2.0): a résumé written in HTML for print (its own resume.html and style.css, the
// stylesheet ReLaXed's résumé above borrows), with normalize.css and Font Awesome 4.7.0 from npm in place of
// its git submodules (not in the snapshot). Printed on US Letter by its own @page rule.
{
  const repo = 'mnjul/html-resume';
  const commit = '71ffb26da44abb41dad40b64eb7a975ccc5dd247';
  writeCase(
    'resume-html-resume',
    gitText(repo, 'resume.html', commit)
      .replace('dep/normalize.css/normalize.css', 'vendor/normalize.css')
      .replace('dep/Font-Awesome/css/font-awesome.css', 'vendor/font-awesome/css/font-awesome.min.css'),
    { description: `${repo} resume.html at ${commit.slice(0, 7)}`, format: 'Letter' },
    {
      ...repoFiles(repo, commit, { 'style.css': 'style.css' }),
      ...Object.fromEntries(Object.entries(vendor).filter(([path]) => /^vendor\/(normalize|font-awesome)/.test(path))),
    },
  );
}

// 2. Asciidoctor Web PDF's example documents (ggrossetie/asciidoctor-web-pdf, MIT): the HTML its converter
// wrote (committed beside the AsciiDoc sources; fonts embedded as data URIs, @page rules with margin boxes,
// left/right pages, a table of contents on a named page), printed without the Paged.js polyfill its script
// loads (Chromium's own print). The stylesheets linked by an absolute path of the author's machine point at
// the copies in the case.
{
  const repo = 'ggrossetie/asciidoctor-web-pdf';
  const commit = 'ee3aca207d6a3788f63308bba8542276ef3b5b70';
  for (const [name, file, extra] of [
    ['report-asciidoctor-annual', 'report', ['report.css']],
    ['report-asciidoctor-document', 'document', []],
    ['book-asciidoctor-orly', 'orly', ['orly.css', 'orly.jpg']],
    ['report-asciidoctor-basic', 'basic-example', []],
  ]) {
    const path = `examples/document/${file}.html`;
    const html = gitText(repo, path, commit).replace(
      /href="\/home\/[^"]*\/examples\/document\/([^"/]+)"/g,
      'href="$1"',
    );
    const images = [...html.matchAll(/<img\b[^>]*\bsrc="(?!data:|https?:)([^"]+)"/g)].map(([, src]) => src);
    const files = {};
    for (const rel of [...extra, ...images]) {
      try {
        files[rel] = gitFile(repo, `examples/document/${rel}`, commit);
      } catch {
        console.warn(`  ${repo} examples/document/${rel}: not in the repository, left out`);
      }
    }
    writeCase(name, html, { description: `${repo} ${path} at ${commit.slice(0, 7)}` }, files);
  }
}

// Its slide deck example (examples/presentation/ioslides/presentation.html: Google's ioslides look, 16:9
// pages by its @page rule), its stylesheets linked by absolute paths pointed at the copies in the case,
// Font Awesome from npm; highlight.js's CDN style is dropped.
{
  const repo = 'ggrossetie/asciidoctor-web-pdf';
  const commit = 'ee3aca207d6a3788f63308bba8542276ef3b5b70';
  const folder = 'examples/presentation';
  const [html, used] = vendorise(
    gitText(repo, `${folder}/ioslides/presentation.html`, commit).replace(
      /href="\/home\/[^"]*\/examples\/slides\/([^"]+)"/g,
      'href="$1"',
    ),
  );
  writeCase(
    'slides-asciidoctor-ioslides',
    html,
    { description: `${repo} ${folder}/ioslides/presentation.html at ${commit.slice(0, 7)}` },
    {
      ...used,
      'asciidoctor.css': gitFile(repo, `${folder}/asciidoctor.css`, commit),
      ...Object.fromEntries(
        Object.entries(folderFiles(repo, `${folder}/ioslides`, /\.(pdf|png|html|adoc)$/i, commit)).map(
          ([rel, content]) => [`ioslides/${rel}`, content],
        ),
      ),
    },
  );
}

// 3. E-mails.
// Authelia's notifications (authelia/authelia, Apache-2.0): the HTML its react-email build embeds
// (internal/templates/embed/notification) and the hand-written example of its documentation
// (examples/templates/notifications), their Go template actions filled with sample values.
{
  const repo = 'authelia/authelia';
  const commit = '23572030b4048922a377ca40d59e804e0ed25fd7';
  const values = {
    DisplayName: 'Jane Cooper',
    Domain: 'auth.example.com',
    RemoteIP: '203.0.113.42',
    Title: 'Second Factor Method Added',
    BodyPrefix: 'an important event has occurred with your account:',
    BodyEvent: 'Second Factor Method Added',
    BodySuffix: 'If you did not make this change, contact an administrator.',
    LinkText: 'Reset Password',
    LinkURL: 'https://auth.example.com/reset-password/step2?token=3f9a7c2e8d1e44b0',
    RevocationLinkText: 'Revoke',
    RevocationLinkURL: 'https://auth.example.com/revoke/one-time-code?id=8d1e44b0',
    OneTimeCode: 'K7X2M9QA',
  };
  const details = {
    Action: 'Second Factor Method Added',
    'Method Type': 'WebAuthn Credential',
    'Method Name': 'YubiKey 5C',
  };
  const fill = (html) =>
    html
      .replace(
        /\{\{- \$keys := sortAlpha \(keys \.Details\) \}\}\{\{- range \$key := \$keys \}\}([\s\S]*?)\{\{ end \}\}/,
        (_, row) =>
          Object.keys(details)
            .sort()
            .map((key) => row.replace('{{ $key }}', key).replace('{{ index $.Details $key }}', details[key]))
            .join(''),
      )
      .replace(/\{\{ \.(\w+) \}\}/g, (_, key) => values[key]);
  const embed = 'internal/templates/embed/notification';
  for (const [name, path] of [
    ['mail-authelia-event', `${embed}/Event.html`],
    ['mail-authelia-verify-link', `${embed}/IdentityVerificationJWT.html`],
    ['mail-authelia-one-time-code', `${embed}/IdentityVerificationOTC.html`],
    ['mail-authelia-example-button', 'examples/templates/notifications/html_email_with_button_and_link.html'],
  ]) {
    writeCase(name, fill(gitText(repo, path, commit)), {
      description: `${repo} ${path} at ${commit.slice(0, 7)}, sample values`,
    });
  }
}

// Maizzle's starters (Tailwind CSS e-mails built by Maizzle, the builds committed): Postmark's
// transactional templates rebuilt in maizzle/starter-postmark (MIT; their Mustachio placeholders filled
// with sample values in data.json) and Netlify Identity's e-mails in maizzle/starter-netlify-identity
// (no licence file), whose Go template actions (`{{ .ConfirmationURL }}`) become Handlebars expressions
// with sample values in data.json (goToHandlebars). Google Fonts links dropped.
{
  const postmark = 'maizzle/starter-postmark';
  const postmarkCommit = '9ecb09103cb5f98207bf1d4676d1f7a39b541a0d';
  // Sample values for their Mustachio placeholders, which are Handlebars expressions too, so that
  // both prints show the same filled-in e-mail. The comment's attachments are walked by
  // `{{#each .}}` inside the `{{#attachment_details}}` section: a Handlebars section over a list
  // runs once per item, so the list of attachments is the section's one item.
  const postmarkModels = {
    'mail-maizzle-postmark-trial-expiring': {
      action_url: 'https://example.com/billing',
      trial_extension_url: 'https://example.com/trial/extend',
      feedback_url: 'https://example.com/feedback',
      export_url: 'https://example.com/export',
      close_account_url: 'https://example.com/account/close',
    },
    'mail-maizzle-postmark-comment': {
      body: 'Looks good to me. Could you add the totals row to the second table before Friday, and send the draft to the client once it is in?',
      attachment_details: [
        [
          {
            attachment_url: 'https://example.com/files/1',
            attachment_name: 'invoice-draft.pdf',
            attachment_size: '84 KB',
            attachment_type: 'PDF',
          },
          {
            attachment_url: 'https://example.com/files/2',
            attachment_name: 'totals.xlsx',
            attachment_size: '12 KB',
            attachment_type: 'Spreadsheet',
          },
        ],
      ],
      commenter_name: 'Jane Cooper',
      timestamp: 'Friday, November 27, 2026 at 10:42 AM',
      action_url: 'https://example.com/comments/42',
      notifications_url: 'https://example.com/settings/notifications',
    },
    'mail-maizzle-postmark-reset-help': {
      email_address: 'jane.cooper@example.com',
      operating_system: 'Windows 11',
      browser_name: 'Chrome 131',
      action_url: 'https://example.com/reset-password?token=Qm8xZ2Vh3kT1',
      support_url: 'https://example.com/support',
    },
  };
  for (const [name, path] of [
    ['mail-maizzle-postmark-trial-expiring', 'dist/basic-full/trial-expiring.html'],
    ['mail-maizzle-postmark-comment', 'dist/basic-full/comment-notification.html'],
    ['mail-maizzle-postmark-reset-help', 'dist/basic/password-reset-help.html'],
  ]) {
    writeCase(
      name,
      gitText(postmark, path, postmarkCommit),
      { description: `${postmark} ${path} at ${postmarkCommit.slice(0, 7)}`, handlebars: true },
      { 'data.json': JSON.stringify(postmarkModels[name], null, 1) + '\n' },
    );
  }
  const netlify = 'maizzle/starter-netlify-identity';
  const netlifyCommit = '52aea76666006edb8663acb8368027301e1d4f82';
  // Netlify Identity's template variables (its docs' e-mail templates section), with sample values.
  const samples = {
    ConfirmationURL: 'https://example.netlify.app/#confirmation_token=Qm8xZ2Vh3kT1',
    SiteURL: 'https://example.netlify.app',
    Email: 'jane.cooper@example.com',
    NewEmail: 'jane@example.org',
    Token: 'Qm8xZ2Vh3kT1',
  };
  for (const [name, path] of [
    ['mail-maizzle-netlify-confirmation', '_dist/emails/confirmation.html'],
    ['mail-maizzle-netlify-recovery', '_dist/emails/password-recovery.html'],
  ]) {
    const [html, files] = goToHandlebars(gitText(netlify, path, netlifyCommit), samples);
    writeCase(
      name,
      html,
      {
        description: `${netlify} ${path} at ${netlifyCommit.slice(0, 7)}, its Go template actions as Handlebars`,
        // (the reference expands the template with data.json too)
        handlebars: 'data.json' in files,
      },
      files,
    );
  }
}

// 4. Invoice, receipt and résumé in Tailwind CSS v4 from stasis (wilfreud/stasis, ISC; an HTML-to-PDF service
// printing Handlebars templates with Playwright at A4 without margins): its invoice (src/templates/
// invoice-tailwind.hbs, at the last commit that has it), thermal receipt (templates/thermal-receipt.hbs) and
// résumé (templates/resume.hbs, its one value `name` given), rendered by handlebars with its src/mockdata.ts values and the helpers its handlebars.service.ts
// registers (the clock-based date fixed). They load Tailwind's browser script, which Platen does not run:
// the stylesheet is built by @tailwindcss/cli from the rendered page, as the script would generate it.
{
  const repo = 'wilfreud/stasis';
  const head = 'abb2a1ef55d1aac41602ac87c757cbcd8121ef9b';
  const invoiceCommit = 'd569ef588fb6d2915abf74267405622ff896351a';
  const data = {
    invoiceNumber: 'twA63I31dsrG0V',
    date: '2025-05-26',
    dueDate: '2025-06-25',
    company: {
      name: 'HIBOUTIK',
      address: '30 place du Centre, 01234 MAVILLE',
      phone: '01 23 45 67 89',
      website: 'hiboutik',
      email: 'contact@hiboutik.com',
    },
    client: { name: 'Pierre', address: '456 Client Ave, Business City, BC 67890', email: 'accounts@acme.com' },
    items: [{ description: 'Pizza', quantity: 1, unitPrice: '12.00', total: '12.00' }],
    tax: '0.63',
    taxRate: '5.5',
    totalAmount: '12.00',
    subtotal: '12.00',
    paymentMethod: 'ESP',
    amountGiven: '15.00',
    amountReturned: '3.00',
    ticketNumber: '5232',
    paymentTerms: 'Net 30 days',
  };
  const handlebars = require('handlebars').create();
  handlebars.registerHelper('or', (a, b) => a || b);
  handlebars.registerHelper('currentDate', (format) => (format === 'YYYY-MM-DD' ? '2026-11-27' : '27/11/2026'));
  const cli = join(pkgDir('@tailwindcss/cli'), 'dist', 'index.mjs');
  for (const [name, path, commit] of [
    ['invoice-stasis-tailwind', 'src/templates/invoice-tailwind.hbs', invoiceCommit],
    ['receipt-stasis-thermal', 'templates/thermal-receipt.hbs', head],
    ['resume-stasis-tailwind', 'templates/resume.hbs', head],
  ]) {
    const html = handlebars.compile(gitText(repo, path, commit))({ ...data, name: 'Jane Cooper' });
    const work = mkdtempSync(join(tmpdir(), 'setl-tw-'));
    writeFileSync(join(work, 'page.html'), html);
    writeFileSync(
      join(work, 'in.css'),
      `@import "${join(pkgDir('tailwindcss'), 'index.css')}" source(none);\n@source "./page.html";\n`,
    );
    execFileSync('node', [cli, '-i', 'in.css', '-o', 'tailwind.css'], { cwd: work, stdio: 'ignore' });
    const css = readFileSync(join(work, 'tailwind.css'));
    rmSync(work, { recursive: true, force: true });
    writeCase(
      name,
      html.replace(
        /<script src="https:\/\/cdn\.jsdelivr\.net\/npm\/@tailwindcss\/browser@4"><\/script>/,
        '<link rel="stylesheet" href="tailwind.css">',
      ),
      {
        description: `${repo} ${path} at ${commit.slice(0, 7)} with its mock data, Tailwind CSS 4.1.17 built`,
        margin: '0',
      },
      { 'tailwind.css': css },
    );
  }
}

// 5. CNT Academy's course certificate and GST tax invoice (shubhhhGT/CNT_Academy, ISC; an Express app that
// prints them with puppeteer at A4 without margins, utils/generatePdf.js): the JavaScript template functions
// of mail/templates/certificateTemplate.js and mail/invoiceTemplate/invoice.js (an invoice exported from a
// word processor: a long table layout), called as its controllers call them with a sample student and
// order (the amount in words as its utils/invoiceUtils.js writes it with number-to-words); the logo and
// signature images are remote, so dropped.
{
  const repo = 'shubhhhGT/CNT_Academy';
  const commit = '1cf25bf703d3c91cce71e5febb7b60b87b3b8eb6';
  const work = mkdtempSync(join(tmpdir(), 'setl-cnt-'));
  const load = (path) => {
    const file = join(work, path.split('/').pop());
    writeFileSync(file, gitFile(repo, path, commit));
    return require(file);
  };
  const { certificateTemplate } = load('mail/templates/certificateTemplate.js');
  const { invoiceTemplate } = load('mail/invoiceTemplate/invoice.js');
  rmSync(work, { recursive: true, force: true });
  writeCase(
    'certificate-cnt-academy',
    certificateTemplate({
      userName: 'Priya Sharma',
      courseName: 'Technical Analysis Masterclass',
      issueDate: '27th November 2026',
    }),
    {
      description: `${repo} mail/templates/certificateTemplate.js at ${commit.slice(0, 7)}, a sample student`,
      margin: '0',
    },
  );
  writeCase(
    'invoice-cnt-academy-gst',
    // (its logo's src starts with a tab before the remote URL: trimmed so that the image is dropped as remote)
    invoiceTemplate({
      invoiceNumber: 'CNT/2026-27/0142',
      invoiceDate: '27/11/2026',
      dueDate: '27/11/2026',
      placeOfSupply: 'Maharashtra',
      customerName: 'Priya Sharma',
      addressLine1: 'Flat 12, Shanti Apartments',
      addressLine2: 'Linking Road, Bandra West',
      addressLine3: 'Mumbai 400050',
      courseName: 'Technical Analysis Masterclass',
      courseId: '66f1c2a9e4b0d3a1c8f5e921',
      quantity: 1,
      rate: 4999,
      gstPercent: 18,
      gstAmount: '899.82',
      amountInWords: 'Four thousand, nine hundred ninety-nine rupees only',
      orderId: 'order_P8kq2ZrX1mN4tL',
    }).replace(/src="\s+/g, 'src="'),
    { description: `${repo} mail/invoiceTemplate/invoice.js at ${commit.slice(0, 7)}, a sample order`, margin: '0' },
  );
}
