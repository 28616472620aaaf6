#!/usr/bin/env node
// Builds set I of the public templates (README.md beside this file), held out from session 11 on:
// measured only. Sources none of sets A–H and P use:
//   node fidelity/public/seti-cases.mjs /tmp/seti-npm /work/.mirror /tmp/seti
// <npm prefix> holds resume-schema@1.0.1, handlebars@4.7.8, html-minifier-next@1.1.5, react@19.2.0,
// react-dom@19.2.0, styled-components@6.1.19, marked@16.3.0, luxon@2.5.2, gravatar@1.8.2,
// lodash@4.17.21, mustache@2.3.2, html-minifier@4.0.0, moment@2.30.1, simple-icons@13.4.0,
// @picocss/pico@2 (2.1.1), font-awesome@4.7.0, bootstrap@3.3.7 as bootstrap3, bootstrap@5.3.0 as
// bootstrap5 and bootstrap-icons@1.11.0; <mirrors> holds one clone per repository as owner+name/repo
// (rstudio/pagedown with its gh-pages branch). Every script is dropped (Platen runs none), remote resources too, as in set D.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { caseKit, dropScripts, renderGithubTheme } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: seti-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { pkgDir, gitText, folderFiles } = kit;
const writeCase = (name, html, meta, files) => kit.writeCase(name, dropScripts(html), meta, files);
/** The files under a folder of an npm package, keyed by `target`/their path inside the folder. */
const packageFiles = (pkg, folder, target) => {
  const dir = join(pkgDir(pkg), folder);
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath ?? e.path, e.name))
      .map((path) => [`${target}/${relative(dir, path)}`, readFileSync(path)]),
  );
};

// 1. JSON Resume themes published on GitHub only (MIT), with resume-schema's sample resume (unpacked
// into the npm prefix by renderGithubTheme): pico (Handlebars on Pico CSS, "built with PDF printing in
// mind"; Pico from npm), bs5 (Handlebars on Bootstrap 5.3 and Bootstrap Icons, both from npm; its
// Google Font dropped), calm (one A4 page, no dependencies), consultant-polished-printable (React and
// styled-components, rendered to static markup by its own dist/index.js), onepage-clean (Handlebars,
// luxon) and lacour (Mustache, lodash, gravatar: the avatar is a remote image, so dropped).
const cdn = [
  [
    'https://cdn.jsdelivr.net/npm/@picocss/pico@2/css/pico.min.css',
    'vendor/pico/pico.min.css',
    () => ({ 'vendor/pico/pico.min.css': readFileSync(join(pkgDir('@picocss/pico'), 'css/pico.min.css')) }),
  ],
  [
    'https://cdn.jsdelivr.net/npm/bootstrap@5.3.0/dist/css/bootstrap.min.css',
    'vendor/bootstrap5/bootstrap.min.css',
    () => ({
      'vendor/bootstrap5/bootstrap.min.css': readFileSync(join(pkgDir('bootstrap5'), 'dist/css/bootstrap.min.css')),
    }),
  ],
  [
    'https://cdn.jsdelivr.net/npm/bootstrap-icons@1.11.0/font/bootstrap-icons.css',
    'vendor/bootstrap-icons/bootstrap-icons.css',
    () => ({
      'vendor/bootstrap-icons/bootstrap-icons.css': readFileSync(
        join(pkgDir('bootstrap-icons'), 'font/bootstrap-icons.css'),
      ),
      ...packageFiles('bootstrap-icons', 'font/fonts', 'vendor/bootstrap-icons/fonts'),
    }),
  ],
];
/** Points the CDN stylesheets above at their npm copies, returned as the case's files. */
function vendorLinks(html) {
  let files = {};
  for (const [url, local, copy] of cdn) {
    if (!html.includes(url)) continue;
    html = html.replaceAll(url, local);
    files = { ...files, ...copy() };
  }
  return [html, files];
}
for (const [name, repo, commit] of [
  ['resume-pico', 'EdRW/jsonresume-theme-pico', '24dc2d1478ac1612f3c5aa8b580b19a6d8b466be'],
  ['resume-bs5', 'JamesShaver/jsonresume-theme-bs5', '75aebf0ec5673cbee530a0b9e9fd6db0ab4de15a'],
  ['resume-calm', '144126/jsonresume-theme-calm', '8a255731c8b3a4b31b24fc228418693765bf020c'],
  [
    'resume-consultant-polished-printable',
    'robinkonrad/jsonresume-theme-consultant-polished-printable',
    '0c39bf1685e5ef7f2580cef78f05e984971e4655',
  ],
  ['resume-onepage-clean', 'fireteam99/jsonresume-theme-onepage-clean', 'd9f1cfeda9dfdd84f64892b21de8942f0b515e8e'],
  ['resume-lacour', 'Eyap53/jsonresume-theme-lacour', '3e26431359dd1b56a0bd9275bae5c95d542ea0e6'],
]) {
  try {
    const [rendered, description] = await renderGithubTheme(prefix, mirrors, repo, commit);
    const [html, files] = vendorLinks(rendered);
    writeCase(name, html, { description }, files);
  } catch (error) {
    console.error(`${name}: ${error.message}`);
  }
}

// 2. R Markdown's pagedown (rstudio/pagedown, MIT): the example documents its site publishes (the
// gh-pages branch, rendered by pandoc and R), without Paged.js: Chromium's own print of the HTML with
// pagedown's print stylesheets: a letter, a business card, a résumé, two posters, a thesis, a journal
// article (JSS), the html_paged example and pagedown's own manual (index.html, a book with a cover),
// and its Chinese example. Each with its `<name>_files` folder (stylesheets, fonts, figures).
{
  const repo = 'rstudio/pagedown';
  const commit = '22cf9c939a806f6b194f48992bc22927a77cc417'; // gh-pages
  for (const [name, page] of [
    ['letter-pagedown', 'html-letter'],
    ['card-pagedown-business-card', 'business-card'],
    ['resume-pagedown', 'html-resume'],
    ['poster-pagedown-relaxed', 'poster-relaxed'],
    ['poster-pagedown-jacobs', 'poster-jacobs'],
    ['report-pagedown-thesis', 'thesis-paged'],
    ['report-pagedown-jss-article', 'jss-paged'],
    ['report-pagedown-html-paged', 'html-paged'],
    ['book-pagedown-manual', 'index'],
    ['report-pagedown-zh-cn', 'zh-CN'],
  ]) {
    const folder = `${page}_files`;
    // (business-card has no such folder: its list is empty)
    const files = Object.fromEntries(
      Object.entries(folderFiles(repo, folder, /\.(pdf|js)$/i, commit)).map(([rel, c]) => [`${folder}/${rel}`, c]),
    );
    writeCase(
      name,
      gitText(repo, `${page}.html`, commit),
      {
        description: `${repo} ${page}.html on gh-pages at ${commit.slice(0, 7)}, without Paged.js: Chromium's own print`,
      },
      files,
    );
  }
}

// 3. E-mails. MailPace's transactional templates (mailpace/templates, MIT), built with Maizzle and
// committed in dist/; Charles Mudy's RespMail (charlesmudy/responsive-html-email-template, MIT),
// its remote images dropped.
{
  const repo = 'mailpace/templates';
  const commit = 'f09d4676f58bc670dcb845777169149937859e01';
  for (const page of ['receipt', 'confirmation', 'password_reset', 'security_alert', 'welcome', 'account_deleted']) {
    writeCase(`mail-mailpace-${page.replace('_', '-')}`, gitText(repo, `dist/${page}.html`, commit), {
      description: `${repo} dist/${page}.html at ${commit.slice(0, 7)}`,
    });
  }
}
{
  const repo = 'charlesmudy/responsive-html-email-template';
  const commit = '2e988621b491d738c1cd623a3d9c33756eace487';
  writeCase('mail-respmail', gitText(repo, 'index.html', commit), {
    description: `${repo} index.html at ${commit.slice(0, 7)}`,
  });
}

// 4. Invoices. waddington/invoice-template's static invoice.html (floats and clearfixes; no licence stated).
{
  const repo = 'waddington/invoice-template';
  const commit = '6714f25f80b924c89141ed1ad7148b383df8079f';
  writeCase('invoice-waddington', gitText(repo, 'invoice.html', commit), {
    description: `${repo} invoice.html at ${commit.slice(0, 7)}`,
  });
}

// An Indian tax invoice that its pdfCreator.php prints with dompdf (exotel/tax-invoice-template; no
// licence stated): template.php, whose one PHP expression (today's date) is written out; remote logo
// dropped; US Letter, dompdf's default paper.
{
  const repo = 'exotel/tax-invoice-template';
  const commit = 'bd29fc0e8137bd3e0dd29f16377acc453726fd19';
  writeCase(
    'invoice-exotel-tax',
    gitText(repo, 'template.php', commit).replace("<?php echo date('d/M/Y');?>", '27/Nov/2026'),
    { description: `${repo} template.php at ${commit.slice(0, 7)}, its date filled in, US Letter`, format: 'Letter' },
  );
}

// 5. The richest test page of Gotenberg (an HTML-to-PDF service; gotenberg/gotenberg, MIT): its
// integration test data feature-rich-html, whose links to missing and remote stylesheets are dropped.
// Its two iframes of /etc/passwd test that the service loads no local file; Chromium, printing from a
// file: URL, loaded the machine's password file into the reference, so their src goes (an empty
// iframe box stays, as a blocked one prints).
{
  const repo = 'gotenberg/gotenberg';
  const commit = '0b16b0ab34e6016cd8c05ed998bfd56ba422229e';
  const path = 'test/integration/testdata/feature-rich-html/index.html';
  writeCase(
    'report-gotenberg-feature-rich',
    gitText(repo, path, commit)
      .replace(/<link\b[^>]*href="doesnotexist\.css"[^>]*>/, '')
      .replace(/<iframe src="[^"]*passwd">/g, '<iframe>'),
    { description: `${repo} ${path} at ${commit.slice(0, 7)}` },
  );
}
