#!/usr/bin/env node
// Builds set Q of the public templates (README.md beside this file), blind from session 18 on: measured only.
// Sources none of sets A–P use:
//   node fidelity/public/setq-cases.mjs /work/npm-setq /work/.mirror /work/public/setq
// <npm prefix> holds handlebars@4.7.8, markdown-it@14.1.0, juejin-markdown-themes@1.34.0, gitbook-markdown-css@1.1.0
// and tailwindcss@3.4.17 (installed with --ignore-scripts);
// <mirrors> holds one clone per repository as owner+name/repo (the `fetch` tool): jez/pandoc-markdown-css-theme,
// markdowncss/{air,modest,retro,splendor}, otsaloma/markdown-css, RolandDreger/pagedjs-example, castlamp/zenbership,
// ousmanekedougou/voyage, owengretzinger/html-resume-template, frankburgs/resume, harshwebelite21/Json-To-Pdf-conversion.
// Every script is dropped (Platen runs none), remote resources too, as in set D. Pages meant as plain HTML carry
// their literal `{{` escaped (writeTemplateCase), as in sets L, N and O.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { caseKitFromArgv } from './cases-lib.mjs';

const kit = caseKitFromArgv('setq-cases.mjs');
const { prefix, require, gitText, gitList } = kit;
/** A file of a mirrored repository, git's complaint about a file the snapshot lacks kept off the console. */
const gitFile = (repo, path, commit) =>
  execFileSync('git', ['-C', join(kit.mirrors, repo.replace('/', '+'), 'repo'), 'show', `${commit}:${path}`], {
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
const { writeTemplateCase: writeCase, repoFiles, npmFiles } = kit;
const json = (data) => JSON.stringify(data, null, 1) + '\n';
const short = (commit) => commit.slice(0, 7);
/** Every file under a folder of a repository, keyed by its path in the case (`folder` replaced by `target`). */
const folderAs = (repo, commit, folder, target) =>
  presentFiles(
    repo,
    commit,
    gitList(repo, folder, commit).map((path) => [target + path.slice(folder.length), path]),
  );
/** Files of a repository keyed by their path in the case; those whose content the snapshot lacks (its largest
 * files) are left out and named. */
function presentFiles(repo, commit, pairs) {
  const files = {};
  for (const [target, path] of pairs) {
    try {
      files[target] = gitFile(repo, path, commit);
    } catch {
      console.warn(`  ${repo} ${path}: not in the snapshot, left out`);
    }
  }
  return files;
}
const markdownIt = () => require('markdown-it')({ html: true });

// 1. Long documents from pandoc: Jake Zimmerman's pandoc-markdown-css-theme (jez/pandoc-markdown-css-theme at 9238d41,
// Blue Oak Model License 1.0.0), the pages its Makefile built with pandoc and committed under docs/: the home page,
// the features page, the kitchen sink, and the paper and Tufte variants (each its own stylesheet after theme.css), with
// the fonts (ET Book; Atlas Grotesk, the author's web copy) and images they use (el-capitan-from-four-mile-trail.jpg
// is not in the snapshot, so its elements are dropped); `../` links pointed at the copies in
// the case; the KaTeX script and stylesheet are remote, so dropped (TeX stays as text).
{
  const repo = 'jez/pandoc-markdown-css-theme';
  const commit = '9238d4149493f73fed56a8bf4d4c85ac9c993bfa';
  const shared = { ...folderAs(repo, commit, 'docs/css', 'css'), ...folderAs(repo, commit, 'docs/fonts', 'fonts') };
  for (const page of ['index', 'features', 'kitchen-sink', 'paper', 'tufte']) {
    const path = page === 'index' ? 'docs/index.html' : `docs/${page}/index.html`;
    const html = gitText(repo, path, commit).replaceAll('="../', '="');
    const images = presentFiles(
      repo,
      commit,
      [...new Set([...html.matchAll(/src="(img\/[^"]+)"/g)].map((m) => m[1]))].map((rel) => [rel, `docs/${rel}`]),
    );
    // (an image the snapshot lacks is dropped with its element, as remote images are)
    const present = html.replace(/<img\b[^>]*\bsrc="(img\/[^"]+)"[^>]*>/g, (tag, rel) => (rel in images ? tag : ''));
    writeCase(
      `report-pandoc-theme-${page}`,
      present,
      { description: `${repo} ${path} at ${short(commit)} (pandoc output) with its stylesheets, fonts and images` },
      { ...shared, ...images },
    );
  }
}

// 2. Markdown stylesheets, their own demo pages: John Otander's markdowncss themes (MIT), index.html with css/<name>.css
// (the remote screenshot each page shows dropped).
for (const [name, commit] of [
  ['air', 'f31f83d874e0597a6ca95084e147f088531170ec'],
  ['modest', 'f16599c66745808b363f0797d4e89a7d3e7c6e73'],
  ['retro', '3171af759c8cf61b990c65846d35a0dfb4031824'],
  ['splendor', '40db29539e4e8c733dec7f941833dcc21ed60504'],
]) {
  const repo = `markdowncss/${name}`;
  writeCase(
    `report-markdowncss-${name}`,
    gitText(repo, 'index.html', commit),
    { description: `${repo} index.html with css/${name}.css at ${short(commit)}` },
    repoFiles(repo, commit, { [`css/${name}.css`]: `css/${name}.css` }),
  );
}

// Osmo Salomaa's markdown-css (otsaloma/markdown-css at 33d9ee2, MIT): its README turned into the page its Makefile
// has pandoc write (standalone HTML5 with the stylesheet linked; markdown-it 14.1.0 in place of pandoc), once with
// github.css and once with tufte.css and the ET Book fonts it loads.
{
  const repo = 'otsaloma/markdown-css';
  const commit = '33d9ee2f2dd3185d660b8dde26ab126c9e7ed507';
  const body = markdownIt().render(gitText(repo, 'README.md', commit));
  for (const css of ['github', 'tufte']) {
    const html = `<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" lang="" xml:lang="">\n<head>\n  <meta charset="utf-8" />\n  <meta name="generator" content="pandoc" />\n  <meta name="viewport" content="width=device-width, initial-scale=1.0, user-scalable=yes" />\n  <title>README</title>\n  <style>\n    code{white-space: pre-wrap;}\n    span.smallcaps{font-variant: small-caps;}\n    div.columns{display: flex; gap: min(4vw, 1.5em);}\n    div.column{flex: auto; overflow-x: auto;}\n    ul.task-list{list-style: none;}\n  </style>\n  <link rel="stylesheet" href="${css}.css" />\n</head>\n<body>\n${body}</body>\n</html>\n`;
    writeCase(
      `report-markdown-css-${css}`,
      html,
      { description: `${repo} README.md at ${short(commit)} with ${css}.css (markdown-it in place of pandoc)` },
      {
        ...repoFiles(repo, commit, { [`${css}.css`]: `${css}.css` }),
        ...(css === 'tufte' ? folderAs(repo, commit, 'et-book', 'et-book') : {}),
      },
    );
  }
}

// Juejin's Markdown themes (juejin-markdown-themes 1.34.0 from npm, MIT) and GitBook's (gitbook-markdown-css 1.1.0,
// Apache-2.0), each with Handlebars' README (handlebars 4.7.8, MIT) rendered by markdown-it 14.1.0 into the container
// class the stylesheet styles (`.markdown-body`; `.gitbook-markdown-body` with the width its README asks for).
{
  const readme = markdownIt().render(readFileSync(join(prefix, 'node_modules/handlebars/README.markdown'), 'utf8'));
  const page = (css, open, close) =>
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Handlebars.js</title>\n<link rel="stylesheet" href="${css}">\n</head>\n<body>\n${open}\n${readme}${close}\n</body>\n</html>\n`;
  for (const theme of ['cyanosis', 'smartblue', 'channing-cyan']) {
    writeCase(
      `report-juejin-${theme}`,
      page(`${theme}.css`, '<article class="markdown-body">', '</article>'),
      { description: `juejin-markdown-themes 1.34.0 dist/${theme}.css with handlebars 4.7.8's README (markdown-it)` },
      npmFiles('juejin-markdown-themes', { [`${theme}.css`]: `dist/${theme}.css` }),
    );
  }
  writeCase(
    'report-gitbook-markdown',
    page(
      'gitbook-markdown.css',
      '<div class="gitbook-markdown-body" style="max-width: 800px; margin: 0 auto;">',
      '</div>',
    ),
    { description: `gitbook-markdown-css 1.1.0 with handlebars 4.7.8's README (markdown-it)` },
    npmFiles('gitbook-markdown-css', { 'gitbook-markdown.css': 'css/gitbook-markdown.css' }),
  );
}

// 3. Paged media: Roland Dreger's Paged.js example (RolandDreger/pagedjs-example at f37770a, MIT), an essay on the
// aurora on A6 pages (105 × 148 mm, left/right margins, page numbers in margin boxes, side notes, figures; Vollkorn
// fonts and photos), printed without the polyfill (Chromium's own print).
{
  const repo = 'RolandDreger/pagedjs-example';
  const commit = 'f37770ad085a93ede0edc64ed0f2e082acdceb0e';
  writeCase(
    'book-pagedjs-aurora',
    gitText(repo, 'index.html', commit),
    { description: `${repo} index.html at ${short(commit)} with its stylesheets, fonts and images, without Paged.js` },
    {
      ...folderAs(repo, commit, 'css', 'css'),
      ...folderAs(repo, commit, 'fonts', 'fonts'),
      ...folderAs(repo, commit, 'img', 'img'),
    },
  );
}

// 4. Zenbership (castlamp/zenbership at b26504c, GPL-3.0; membership software with events, invoices and e-mails):
// its `%placeholder%` templates written as Handlebars (`%invoice:id%` as `{{invoice.id}}`, the lists it fills with
// entry templates as `{{#each}}` over those entries), with sample data in data.json. Placeholders that carry HTML
// (addresses, the event's description) are triple-stashed; the QR codes and the paid stamp are remote images, so
// left out.
{
  const repo = 'castlamp/zenbership';
  const commit = 'b26504c2e834aa73fdca0e994943a7e392767215';
  const zoid = (name) => gitText(repo, `pp-templates/html/zoid/en/${name}.php`, commit);
  const mail = (name) => gitText(repo, `pp-templates/email/threefiveten/${name}.html`, commit);
  const html = new Set([
    'format_billing',
    'format_shipping',
    'shipping.formatted',
    'company_address',
    'company_contact',
    'event.description',
    'event.formatted_address',
  ]);
  const toHandlebars = (text, lists = {}) =>
    text
      .replace(/%(\w+)%/g, (m, key) => (key in lists ? `{{#each ${key}}}${toHandlebars(lists[key])}{{/each}}` : m))
      .replace(/%([a-z_][a-z0-9_]*(?::[a-z0-9_]+)?)%/g, (m, key) => {
        const path = key.replace(':', '.');
        return html.has(path) ? `{{{${path}}}}` : `{{${path}}}`;
      });
  const invoice = {
    invoice: {
      id: 'INV-2026-0418',
      format_date: 'November 20, 2026',
      format_due_date: 'December 20, 2026',
      time_to_due_date: 'in 30 days',
      format_status: 'Unpaid',
      tax_rate: '8.25',
      payment_link: '#pay',
      link: '#view',
    },
    company_address: 'Harbor Light Membership Club<br />1200 Ocean View Drive, Suite 4<br />Monterey, CA 93940',
    company_contact: 'billing@harborlight.example &middot; (831) 555-0142',
    billing: {
      company_name: 'Cypress Point Rowing Association',
      contact_name: 'Margaret Ellison',
      memo: 'Annual dues and regatta services for the 2027 season, as agreed at the October board meeting.',
    },
    format_billing: '88 Lighthouse Avenue<br />Pacific Grove, CA 93950<br />United States',
    format_shipping: 'Cypress Point Rowing Association<br />Boathouse 3, Wharf Road<br />Monterey, CA 93940',
    shipping: {
      formatted: 'Cypress Point Rowing Association<br />Boathouse 3, Wharf Road<br />Monterey, CA 93940',
    },
    components: [
      {
        name: 'Club membership, 2027 season',
        description: 'Twelve rowers at the association rate',
        qty: '12',
        unit_price: '$145.00',
        total: '$1,740.00',
      },
      {
        name: 'Regatta entry fees',
        description: 'Spring Harbor Regatta, four boats',
        qty: '4',
        unit_price: '$85.00',
        total: '$340.00',
      },
      {
        name: 'Boat storage',
        description: 'Rack space for two eights, November to April',
        qty: '6',
        unit_price: '$60.00',
        total: '$360.00',
      },
    ],
    pricing: {
      format_subtotal: '$2,440.00',
      format_tax: '$201.30',
      format_shipping: '$0.00',
      format_credits: '$150.00',
      format_paid: '$500.00',
      format_due: '$1,991.30',
    },
  };
  const invoiceStyle = repoFiles(repo, commit, {
    'css/invoice_style.css': 'pp-templates/html/zoid/css/invoice_style.css',
  });
  const entry = zoid('invoice_entry');
  for (const [name, view] of [
    ['invoice', 'invoice_print'],
    ['quote', 'invoice_print_quote'],
  ]) {
    writeCase(
      `invoice-zenbership-${name}`,
      toHandlebars(zoid(view).replace('%theme_url%/css/', 'css/').replace('%invoice:stamp%', ''), {
        components: entry,
      }),
      {
        description: `${repo} pp-templates/html/zoid/en/${view}.php at ${short(commit)} as Handlebars with a sample invoice`,
        handlebars: true,
      },
      { 'data.json': json(invoice), ...invoiceStyle },
    );
  }

  // Event tickets, one per page (its `.event_ticket` breaks after each): event_ticket.php with three entries.
  const event = {
    name: 'Harbor Light Winter Gala',
    tagline: 'An evening of music, dinner and the year in review',
    starts_formatted: 'Saturday, January 16, 2027 at 6:30 PM',
    location_name: 'Stillwater Pavilion',
    address_line_1: '2 Portola Plaza',
    address_line_2: 'Ballroom B',
    city: 'Monterey',
    state: 'CA',
    zip: '93940',
  };
  writeCase(
    'ticket-zenbership-event',
    toHandlebars(zoid('event_ticket'), {
      tickets: zoid('event_ticket_entry').replace(/<img src="%qr_code_url%"[^>]*>\s*/, ''),
    }).replaceAll('{{event.', '{{../event.'),
    {
      description: `${repo} event_ticket.php and event_ticket_entry.php at ${short(commit)} as Handlebars, three tickets`,
      handlebars: true,
    },
    {
      'data.json': json({
        meta_title: 'Your tickets',
        event,
        tickets: [
          ['TK-88214', 'Ellison', 'Margaret'],
          ['TK-88215', 'Ellison', 'Thomas'],
          ['TK-88216', 'Okafor', 'Chidinma'],
        ].map(([id, last_name, first_name]) => ({ ticket: { id, last_name, first_name } })),
      }),
    },
  );

  // E-mails: html_header.html, the message and html_footer.html joined as its email class does, email_styles.css.
  const mailFiles = repoFiles(repo, commit, { 'email_styles.css': 'pp-templates/email/threefiveten/email_styles.css' });
  const site = { site_name: 'Harbor Light Membership Club', pp_company: 'Harbor Light Membership Club' };
  const description =
    '<p>Join fellow members for our annual winter gala. Doors open at 6:30 PM with a reception on the terrace, ' +
    'followed by a three-course dinner, the commodore&rsquo;s review of the season and dancing until midnight.</p>' +
    '<p>Black tie optional. Parking is validated at the Portola Plaza garage.</p>';
  const registration = {
    id: 'TK-88214',
    show_status: 'Confirmed',
    first_name: 'Margaret',
    last_name: 'Ellison',
    email: 'margaret.ellison@example.com',
    event: {
      ...event,
      description,
      link: '#event',
      formatted_address: '2 Portola Plaza, Ballroom B<br />Monterey, CA 93940',
      phone: '(831) 555-0190',
      url: 'www.stillwaterpavilion.example',
      post_rsvp_message: 'We look forward to seeing you. Your tickets are attached to this message.',
    },
  };
  for (const [name, body, data] of [
    ['invoice', mail('invoice').replace('%invoice:stamp%', ''), invoice],
    [
      'event-reminder',
      mail('event_reminder'),
      {
        ...registration,
        custom_message:
          'This is a friendly reminder that the Winter Gala is one week away. We have you down for two seats.',
      },
    ],
    ['event-rsvp', mail('event_rsvp'), registration],
  ]) {
    writeCase(
      `mail-zenbership-${name}`,
      toHandlebars(mail('html_header') + body + mail('html_footer'), { components: entry }),
      {
        description: `${repo} pp-templates/email/threefiveten/${name.replace('-', '_')}.html at ${short(commit)} in its header and footer, as Handlebars`,
        handlebars: true,
      },
      { 'data.json': json({ ...site, ...data }), ...mailFiles },
    );
  }
}

// 5. A boarding pass (ousmanekedougou/voyage resources/views/client/print/index.blade.php at 0a80e64, MIT by its
// composer.json; a travel agency's ticket print view, static, a CodePen boarding pass) with its ticket_pdf.css.
{
  const repo = 'ousmanekedougou/voyage';
  const commit = '0a80e64a1c0ff2b8a245711090942ecb711b910a';
  const path = 'resources/views/client/print/index.blade.php';
  writeCase(
    'ticket-voyage-boarding-pass',
    gitText(repo, path, commit).replace('href="./admin/', 'href="admin/'),
    { description: `${repo} ${path} at ${short(commit)} with public/admin/assets/css/ticket_pdf.css` },
    repoFiles(repo, commit, { 'admin/assets/css/ticket_pdf.css': 'public/admin/assets/css/ticket_pdf.css' }),
  );
}

// 6. Résumés in Tailwind CSS. Owen Gretzinger's HTML résumé template (owengretzinger/html-resume-template at a66951a,
// Unlicense) with the Tailwind build it commits (assets/output.css).
{
  const repo = 'owengretzinger/html-resume-template';
  const commit = 'a66951afe2dc327b518fc4f56559f4a84c588550';
  writeCase(
    'resume-tailwind-gretzinger',
    gitText(repo, 'index.html', commit),
    { description: `${repo} index.html at ${short(commit)} with its built assets/output.css` },
    repoFiles(repo, commit, { 'assets/output.css': 'assets/output.css' }),
  );
}

// Frank Burgs's résumé (frankburgs/resume dist/index.html at 3917b6e, no licence stated) with its icons and font; its
// stylesheet is built as its `dev` script does (tailwindcss 3.4.17's CLI, its tailwind.config.js and src/input.css,
// the page as content).
{
  const repo = 'frankburgs/resume';
  const commit = '3917b6e474a9a62d93783e441d935f5c482f4ee8';
  const html = gitText(repo, 'dist/index.html', commit);
  const work = mkdtempSync(join(tmpdir(), 'setq-tailwind-'));
  writeFileSync(join(work, 'index.html'), html);
  writeFileSync(join(work, 'input.css'), gitText(repo, 'src/input.css', commit));
  writeFileSync(
    join(work, 'tailwind.config.js'),
    gitText(repo, 'tailwind.config.js', commit).replace('"./dist/*.html"', JSON.stringify(join(work, 'index.html'))),
  );
  execFileSync(
    join(prefix, 'node_modules/.bin/tailwindcss'),
    ['-c', join(work, 'tailwind.config.js'), '-i', join(work, 'input.css'), '-o', join(work, 'output.css')],
    { stdio: 'ignore' },
  );
  const css = readFileSync(join(work, 'output.css'));
  rmSync(work, { recursive: true });
  writeCase(
    'resume-tailwind-frankburgs',
    html,
    { description: `${repo} dist/index.html at ${short(commit)}, its stylesheet built by tailwindcss 3.4.17` },
    {
      'output.css': css,
      ...folderAs(repo, commit, 'dist/icon', 'icon'),
      ...repoFiles(repo, commit, { 'mulish.ttf': 'dist/mulish.ttf' }),
    },
  );
}

// 7. A Handlebars report with its data (harshwebelite21/Json-To-Pdf-conversion at aca5263, ISC by its package.json):
// templates/index.hbs with data.json, printed by puppeteer at A4 without margins as its index.js does.
{
  const repo = 'harshwebelite21/Json-To-Pdf-conversion';
  const commit = 'aca52636e3cf07f80805bb4ae6c2ffaea449cec7';
  writeCase(
    'report-json-to-pdf-users',
    gitText(repo, 'templates/index.hbs', commit),
    {
      description: `${repo} templates/index.hbs with its data.json at ${short(commit)}`,
      handlebars: true,
      format: 'A4',
      margin: '0',
    },
    repoFiles(repo, commit, { 'data.json': 'data.json' }),
  );
}
