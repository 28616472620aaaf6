#!/usr/bin/env node
// Builds set R of the public templates (README.md beside this file), blind from session 19 on: measured only.
// Sources none of sets A–Q use:
//   node fidelity/public/setr-cases.mjs /work/npm-setr /work/.mirror /work/public/setr
// <npm prefix> holds resume-schema, handlebars@4.7.8, resume-theme-shorter@0.0.6, bootstrap3@npm:bootstrap@3.3.7 and
// font-awesome@4.7.0 (installed with --ignore-scripts);
// <mirrors> holds one clone per repository as owner+name/repo (the `fetch` tool): arkadianriver/dita-to-pagedjs,
// Alipsa/journo, jgm/pandoc, causal-agent/writ, louismerlin/concrete.css, emareg/classlesscss, igoradamenko/awsm.css,
// ColorlibHQ/gentelella, supertokens/email-sms-templates, c-ityscape/invoice-hbs-template, naveen62/html-to-pdf,
// gabedemesa/pdf-benchmarking.
// Every script is dropped (Platen runs none), remote resources too, as in set D. Pages meant as plain HTML carry
// their literal `{{` escaped (writeTemplateCase), as in sets L, N, O and Q.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runInNewContext } from 'node:vm';
import { caseKitFromArgv } from './cases-lib.mjs';

const kit = caseKitFromArgv('setr-cases.mjs');
const { require, gitText, folderFiles, repoFiles, npmFiles } = kit;
const writeCase = kit.writeTemplateCase;
const json = (data) => JSON.stringify(data, null, 1) + '\n';
const short = (commit) => commit.slice(0, 7);
/** folderFiles of a repository at `commit`, keyed by their path in the case under `target`. */
const folderAs = (repo, commit, folder, target) =>
  Object.fromEntries(
    Object.entries(folderFiles(repo, folder, /\.pdf$/i, commit)).map(([rel, content]) => [`${target}/${rel}`, content]),
  );
/** The images a page shows by a relative `src`, copied from `folder` of the repository. */
const pageImages = (repo, commit, folder, html) =>
  repoFiles(
    repo,
    commit,
    Object.fromEntries(
      [...new Set([...html.matchAll(/<img\b[^>]*\ssrc="(?!https?:|data:|\/\/)([^"]+)"/g)].map((m) => m[1]))].map(
        (rel) => [rel, `${folder}/${rel}`],
      ),
    ),
  );
/** The files under a folder of an npm package (those whose path matches `keep`), keyed by their path under `target`. */
const npmFolder = (pkg, folder, target, keep = /./) =>
  Object.fromEntries(
    readdirSync(join(kit.pkgDir(pkg), folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(join(kit.pkgDir(pkg), folder), join(entry.parentPath ?? entry.path, entry.name)))
      .filter((rel) => keep.test(rel))
      .map((rel) => [`${target}/${rel}`, readFileSync(join(kit.pkgDir(pkg), folder, rel))]),
  );
const sampleResume = () => JSON.parse(readFileSync(require.resolve('resume-schema/sample.resume.json'), 'utf8'));

// 1. Paged media. The golden sample of Arkadian River's DITA-to-Paged.js pipeline (arkadianriver/dita-to-pagedjs at
// c9e9b8a, no licence stated): an operator's manual in A4 landscape with a cover on a named page, printed without the
// polyfill its build.sh runs (Chromium's own print).
{
  const repo = 'arkadianriver/dita-to-pagedjs';
  const commit = 'c9e9b8a43b17fef1fd97538b54ac538b7540376c';
  writeCase('manual-dita-pagedjs', gitText(repo, 'golden-sample/sample.html', commit), {
    description: `${repo} golden-sample/sample.html at ${short(commit)}, without Paged.js`,
  });
}

// Journo's paging examples (Alipsa/journo at b026c35, MIT; a Groovy report tool printing FreeMarker templates with
// openhtmltopdf): A5 pages, margin boxes with running elements (Chromium does not place them, so they print in the
// flow), named pages and long tables. The templates hold no FreeMarker but one image expression, written out.
{
  const repo = 'Alipsa/journo';
  const commit = 'b026c3502c0765285fd1e0bc8e60e9c7bcd9e001';
  for (const name of ['defaultPage', 'defaultAndSpecificPages', 'differentFooter', 'namedPage']) {
    const path = `viewer/examples/paging/${name}.ftl`;
    const html = gitText(repo, path, commit).replaceAll('${imgAlice}', 'alice2.png');
    writeCase(
      `report-journo-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
      html,
      { description: `${repo} ${path} at ${short(commit)}` },
      html.includes('alice2.png') ? repoFiles(repo, commit, { 'alice2.png': 'viewer/examples/paging/alice2.png' }) : {},
    );
  }
}

// 2. Long documents: pandoc's HTML writer tests (jgm/pandoc at 0a9a2f2, GPL-2.0-or-later), the expected outputs
// test/writer.html5 and test/writer.html4 (its whole Markdown test suite, with pandoc's default styles and the two
// images they name) and test/tables.html5.
{
  const repo = 'jgm/pandoc';
  const commit = '0a9a2f261510322ee5a33a2a7facce54b8a718ec';
  for (const name of ['writer.html5', 'writer.html4', 'tables.html5']) {
    const html = gitText(repo, `test/${name}`, commit);
    writeCase(
      `report-pandoc-${name.replace('.', '-')}`,
      html,
      { description: `${repo} test/${name} at ${short(commit)} with its images` },
      pageImages(repo, commit, 'test', html),
    );
  }
}

// Classless stylesheets, their own demo pages (MIT unless said): writ (causal-agent/writ at 014a489, ISC) index.html
// and reference.html with writ.min.css; concrete.css (louismerlin/concrete.css at 97f7142) index.html; classless.css
// (emareg/classlesscss at 57b5c82) docs/index.html with classless.css, and again with classless-tiny.css as its theme
// switcher does, its addons and header image; awsm.css (igoradamenko/awsm.css at ad03dcf) docs/elements.html and its
// blog example's article, with docs/css and the cats they show. Remote badges, photos and KaTeX dropped.
{
  const repo = 'causal-agent/writ';
  const commit = '014a4890e2acf539b2bf6b13b885d546d92a56d0';
  for (const page of ['index', 'reference']) {
    const html = gitText(repo, `${page}.html`, commit);
    writeCase(
      `report-writ-${page}`,
      html,
      { description: `${repo} ${page}.html at ${short(commit)} with writ.min.css` },
      { ...repoFiles(repo, commit, { 'writ.min.css': 'writ.min.css' }), ...pageImages(repo, commit, '.', html) },
    );
  }
}
{
  const repo = 'louismerlin/concrete.css';
  const commit = '97f7142bf844c72b5f205eb6b25522af03f780b9';
  writeCase(
    'report-concrete-css',
    gitText(repo, 'index.html', commit),
    { description: `${repo} index.html at ${short(commit)} with concrete.css` },
    repoFiles(repo, commit, { 'concrete.css': 'concrete.css' }),
  );
}
{
  const repo = 'emareg/classlesscss';
  const commit = '057b5c822ff40a2151a895411a6b73c57b80e8c0';
  const html = gitText(repo, 'docs/index.html', commit);
  const files = {
    ...repoFiles(repo, commit, {
      'classless.css': 'docs/classless.css',
      'classless-tiny.css': 'docs/classless-tiny.css',
      'favicon.png': 'docs/favicon.png',
      'img/headerimg.jpg': 'docs/img/headerimg.jpg',
    }),
    ...folderAs(repo, commit, 'docs/addons', 'addons'),
  };
  for (const css of ['classless', 'classless-tiny']) {
    writeCase(
      `report-${css}-css`,
      html.replace('href="classless.css"', `href="${css}.css"`),
      { description: `${repo} docs/index.html at ${short(commit)} with ${css}.css and its addons` },
      files,
    );
  }
}
{
  const repo = 'igoradamenko/awsm.css';
  const commit = 'ad03dcf22f6348d9c179cc5d0f82fe5d6b5961d4';
  const css = folderAs(repo, commit, 'docs/css', 'css');
  for (const [name, path] of [
    ['elements', 'docs/elements.html'],
    ['blog-article', 'docs/examples/blog/dont-use-flexbox-for-page-layout.html'],
  ]) {
    const html = gitText(repo, path, commit).replaceAll('href="../../css/', 'href="css/');
    writeCase(
      `report-awsm-${name}`,
      html,
      { description: `${repo} ${path} at ${short(commit)} with docs/css` },
      { ...css, ...pageImages(repo, commit, path.slice(0, path.lastIndexOf('/')), html) },
    );
  }
}

// 3. Invoices and a certificate. Gentelella's invoice page (ColorlibHQ/gentelella production/invoice.html at 9c9512b,
// MIT; version 1.4, Bootstrap 3 in an admin frame), Bootstrap 3.3.7 and Font Awesome 4.7.0 from npm for its bower
// `vendors/` (not in the repository; nprogress dropped), its build/css/custom.min.css and images.
{
  const repo = 'ColorlibHQ/gentelella';
  const commit = '9c9512ba41382d7da9af5e650832c0a06e408091';
  const html = gitText(repo, 'production/invoice.html', commit)
    .replace('../vendors/bootstrap/dist/css/', 'vendor/bootstrap3/css/')
    .replace('../vendors/font-awesome/css/', 'vendor/font-awesome/css/')
    .replace(/<link href="\.\.\/vendors\/nprogress[^>]*>/, '')
    .replace('../build/css/', 'build/css/');
  writeCase(
    'invoice-gentelella-bootstrap3',
    html,
    {
      description: `${repo} production/invoice.html at ${short(commit)}, Bootstrap 3.3.7 and Font Awesome 4.7.0 from npm`,
    },
    {
      ...npmFolder('bootstrap3', 'dist', 'vendor/bootstrap3'),
      ...npmFolder('font-awesome', '.', 'vendor/font-awesome', /^(css|fonts)\//),
      ...repoFiles(repo, commit, { 'build/css/custom.min.css': 'build/css/custom.min.css' }),
      ...pageImages(repo, commit, 'production', html),
    },
  );
}

// A delivery challan as an Express app renders it (c-ityscape/invoice-hbs-template at a539498, ISC by its
// package.json): views/invoice.hbs in views/layouts/main.hbs as express-handlebars joins them, with public/styles.css
// and the logo; its first sample (app.js's sampleData1) as data.json; the app prints nothing itself, so the service's
// default page.
{
  const repo = 'c-ityscape/invoice-hbs-template';
  const commit = 'a539498342a05afc55f4b3cdec6f4549362e4427';
  const app = gitText(repo, 'app.js', commit);
  const literal = app.slice(
    app.indexOf('{', app.indexOf('const sampleData1')),
    app.indexOf('};', app.indexOf('const sampleData1')) + 1,
  );
  const html = gitText(repo, 'views/layouts/main.hbs', commit)
    .replace('{{{body}}}', gitText(repo, 'views/invoice.hbs', commit))
    .replace('href="/styles.css"', 'href="styles.css"')
    .replace('src="/logo.png"', 'src="logo.png"');
  writeCase(
    'invoice-hbs-challan',
    html,
    {
      description: `${repo} views/invoice.hbs in its layout at ${short(commit)}, app.js's first sample`,
      handlebars: true,
    },
    {
      'data.json': json(runInNewContext(`(${literal})`)),
      ...repoFiles(repo, commit, { 'styles.css': 'public/styles.css', 'logo.png': 'public/logo.png' }),
    },
  );
}

// A certificate of completion (naveen62/html-to-pdf templates/certificate.hbs at 917855f, ISC by its package.json),
// printed by its helper.js with puppeteer's defaults and `landscape: true` (US Letter landscape without margins), with
// the three query values its route takes.
{
  const repo = 'naveen62/html-to-pdf';
  const commit = '917855f3ae2c24345c8625231252e8a81c9901c5';
  writeCase(
    'certificate-hbs-completion',
    gitText(repo, 'templates/certificate.hbs', commit),
    {
      description: `${repo} templates/certificate.hbs at ${short(commit)} with sample values`,
      handlebars: true,
      format: 'Letter',
      landscape: true,
      margin: '0',
    },
    {
      'data.json': json({
        name: 'Adaeze Okonkwo',
        certificateFor: 'for completing the Advanced Water Quality Monitoring course, 40 hours, November 2026',
        organization: 'Riverside Technical Institute',
      }),
    },
  );
}

// A utility bill converted from a PDF by pdf2htmlEX (gabedemesa/pdf-benchmarking templates/invoice.hbs at 6ac9b63, no
// licence stated; a benchmark of PDF printing): absolutely placed text over a page image, fonts as data URIs; its
// viewer script dropped; A4 with 20px margins as its pdf.config.ts asks.
{
  const repo = 'gabedemesa/pdf-benchmarking';
  const commit = '6ac9b63d4af33ff6b39dedf3aa09e517035e6192';
  writeCase('invoice-pdf2htmlex-utility-bill', gitText(repo, 'templates/invoice.hbs', commit), {
    description: `${repo} templates/invoice.hbs at ${short(commit)} (pdf2htmlEX output)`,
    format: 'A4',
    margin: '20px',
  });
}

// 4. E-mails: SuperTokens' authentication e-mails (supertokens/email-sms-templates email-html/*.html at 81f22d0, no
// licence stated; table layout, inlined styles), their `${…}` placeholders written as Handlebars expressions with
// sample values in data.json.
{
  const repo = 'supertokens/email-sms-templates';
  const commit = '81f22d08f1bfadd56590fccab5ee290d645c330e';
  const values = {
    appName: 'Northwind Notes',
    appname: 'Northwind Notes',
    email: 'maria.lindqvist@example.com',
    toEmail: 'maria.lindqvist@example.com',
    verificationLink: 'https://notes.example.com/auth/verify-email?token=8f3c2a91d7e64b0f',
    urlWithLinkCode: 'https://notes.example.com/auth/verify?preAuthSessionId=4c1e9b2f#7Yq2kP',
    resetLink: 'https://notes.example.com/auth/reset-password?token=b64e0d7a51c3',
    otp: '482913',
    time: '15 minutes',
  };
  for (const name of [
    'email-verification',
    'password-reset',
    'magic-link-login',
    'otp-login',
    'magic-link-otp-login',
  ]) {
    const html = gitText(repo, `email-html/${name}.html`, commit);
    const used = [...new Set([...html.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]))];
    writeCase(
      `mail-supertokens-${name}`,
      html.replace(/\$\{(\w+)\}/g, '{{$1}}'),
      {
        description: `${repo} email-html/${name}.html at ${short(commit)}, its placeholders as Handlebars`,
        handlebars: true,
      },
      { 'data.json': json(Object.fromEntries(used.map((key) => [key, values[key]]))) },
    );
  }
}

// 5. A résumé: Canner's Shorter theme (resume-theme-shorter 0.0.6 from npm, MIT; a copy of danialt's
// jsonresume-theme-shorter as a plain Handlebars template, Chinese headings), resume.hbs with its style.css and
// resume-schema's sample resume as data.json under `resume` (the name the template reads); its Google Font dropped.
writeCase(
  'resume-hbs-shorter',
  readFileSync(join(kit.pkgDir('resume-theme-shorter'), 'resume.hbs'), 'utf8'),
  { description: "resume-theme-shorter 0.0.6 (npm) resume.hbs with resume-schema's sample resume", handlebars: true },
  { 'data.json': json({ resume: sampleResume() }), ...npmFiles('resume-theme-shorter', { 'style.css': 'style.css' }) },
);
