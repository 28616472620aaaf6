#!/usr/bin/env node
// Builds set D of the public templates (README.md beside this file) except the JSON Resume cases,
// which jsonresume-cases.mjs writes first; this script then makes those self-contained too.
//   node fidelity/public/jsonresume-cases.mjs /tmp/themes /tmp/setd latte papirus simple-red
//   node fidelity/public/setd-cases.mjs /tmp/npm /tmp/mirrors /tmp/setd /tmp/tailwind1
// <npm prefix> as for setc-cases.mjs, plus ejs, cheerio and bootstrap@4.6 (as bootstrap4); <tailwind1>
// holds what universal-resume's package.json builds with (tailwindcss@1, postcss-cli@7,
// postcss-import@12, @fullhuman/postcss-purgecss@2, autoprefixer@9, cssnano@4).
// Platen runs no scripts, so every script is dropped (charts drawn by scripts are then missing
// from the reference as well): the set measures layout, not JavaScript.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { caseKit, defaultExport, dropScripts } from './cases-lib.mjs';

const [prefix, mirrors, out, tailwind1] = process.argv.slice(2);
if (!prefix || !mirrors || !out || !tailwind1) {
  console.error('usage: setd-cases.mjs <npm prefix> <mirrors folder> <output corpus folder> <tailwind 1 npm prefix>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { require, gitFile, gitText, folderFiles, localise } = kit;
const writeCase = (name, html, meta, files) => kit.writeCase(name, dropScripts(html), meta, files);

// 1. JSON Resume cases already written by jsonresume-cases.mjs: make them self-contained.
for (const name of readdirSync(out).filter((n) => n.startsWith('resume-'))) {
  const file = join(out, name, 'template.html');
  writeFileSync(file, dropScripts(localise(readFileSync(file, 'utf8'), join(out, name))));
}

// 2. Universal Résumé (Tailwind CSS 1, made for print): its CSS built as its package.json's
// "build" script does (postcss with purgecss and cssnano), next to docs/index.html.
{
  const repo = 'WebPraktikos/universal-resume';
  const work = mkdtempSync(join(tmpdir(), 'universal-resume-'));
  execFileSync('sh', [
    '-c',
    `git -C "${join(mirrors, 'WebPraktikos+universal-resume', 'repo')}" archive HEAD | tar -x -C "${work}"`,
  ]);
  symlinkSync(join(tailwind1, 'node_modules'), join(work, 'node_modules'));
  execFileSync(join(tailwind1, 'node_modules', '.bin', 'postcss'), ['./tailwind.css', '-o', './docs/build.css'], {
    cwd: work,
    env: { ...process.env, NODE_ENV: 'build' },
  });
  const files = folderFiles(repo, 'docs');
  delete files['index.html'];
  files['build.css'] = readFileSync(join(work, 'docs', 'build.css'));
  rmSync(work, { recursive: true });
  writeCase(
    'resume-universal-resume',
    gitText(repo, 'docs/index.html'),
    { description: `${repo} docs/index.html, CSS built with Tailwind CSS 1` },
    files,
  );
}

// 3. A Bootstrap 4 estimate printed to PDF by a Laravel app (its Blade image URLs dropped).
{
  const repo = 'ord0077/wewatch';
  const path = 'resources/views/emails/testemail.blade.php';
  const html = gitText(repo, path, '7cb1b8c').replace(/<img\b[^>]*\{\{[^>]*>/g, '');
  writeCase('quote-bootstrap4-estimate', html, { description: `${repo} ${path} at 7cb1b8c (Bootstrap 4.6 from npm)` });
}

// 4. An invoice printed by puppeteer with format A4 (generate-pdf.js beside it).
{
  const repo = 'willycamargo/html-invoice-template';
  writeCase(
    'invoice-willycamargo',
    gitText(repo, 'invoice.html'),
    { description: `${repo} invoice.html` },
    { 'logo.jpeg': gitFile(repo, 'logo.jpeg') },
  );
}

// 5. A certificate rendered with EJS (sample values for the database record it reads).
{
  const repo = 'pratham2609/Ejs-Certificate-Template-using-Nodejs';
  const ejs = require('ejs');
  const html = ejs.render(gitText(repo, 'views/certificate.ejs'), {
    data: { Name: 'Jane Example', Amount: '$250', No: 12 },
  });
  writeCase('certificate-ejs', html, { description: `${repo} views/certificate.ejs with sample data` });
}

// 6. E-mails: Colorlib's templates (compiled MJML, images beside them), MJML's ticket shop,
// SendGrid's "paste" receipt.
{
  const repo = 'ColorlibHQ/email-templates';
  for (const [n, name] of [
    ['22', 'mail-colorlib-receipt'],
    ['1', 'mail-colorlib-restobar'],
    ['12', 'mail-colorlib-cart'],
  ]) {
    const files = folderFiles(repo, n);
    const html = files['index.html'].toString('utf8');
    delete files['index.html'];
    writeCase(name, html, { description: `${repo} ${n}/index.html` }, files);
  }
  const mjml = defaultExport(require('mjml'));
  const result = await mjml(gitText('mjmlio/email-templates', 'templates/ticketshop.mjml'), {
    validationLevel: 'soft',
  });
  writeCase('mail-mjml-ticketshop', result.html, {
    description: `mjmlio/email-templates templates/ticketshop.mjml (mjml ${require('mjml/package.json').version})`,
  });
  const sg = 'sendgrid/email-templates';
  writeCase(
    'mail-sg-paste-receipt',
    gitText(sg, 'paste-templates/receipt.html'),
    { description: `${sg} paste-templates/receipt.html` },
    { 'img/paste-logo-light@2x.png': gitFile(sg, 'paste-templates/img/paste-logo-light@2x.png') },
  );
}

// 7. WeasyPrint's book sample (many pages: named pages, margin boxes, images, fonts).
{
  const repo = 'CourtBouillon/weasyprint-samples';
  const files = folderFiles(repo, 'book');
  const html = files['book.html'].toString('utf8');
  delete files['book.html'];
  writeCase('wp-book', html, { description: `${repo} book/book.html` }, files);
}

// 8. More print samples collected in CSS-Paged-Media/html2pdf-tool-comparison.
{
  const repo = 'CSS-Paged-Media/html2pdf-tool-comparison';
  const samples = [
    ['print-pdfreactor-mortgage', 'html/PDFreactor Examples/mortgage', 'mortgage.html'],
    ['print-pdfreactor-textbook', 'html/PDFreactor Examples/textbook', 'textbook.html'],
    ['print-pdfreactor-newspaper', 'html/PDFreactor Examples/newspaper', 'newspaper.html'],
    ['print-pdfreactor-magazine', 'html/PDFreactor Examples/magazine', 'magazine.html'],
    ['print-pdfreactor-webarch', 'html/PDFreactor Examples/webarch', 'webarch.html'],
    ['print-ecommerce-product-sheet', 'html/E-Commerce', 'product-sheet.html'],
    ['print-personal-flyer', 'html/Personal', 'flyer.html'],
  ];
  for (const [name, base, file] of samples) {
    const files =
      base.endsWith('E-Commerce') || base.endsWith('Personal') ? {} : folderFiles(repo, base, /\.(pdf|js|html|txt)$/i);
    writeCase(name, gitText(repo, `${base}/${file}`), { description: `${repo} ${base}/${file}` }, files);
  }
}

// 9. A monthly timesheet a Laravel app prints with wkhtmltopdf (Snappy, A4 landscape): its Blade
// `{{$timesheetData['…']}}` filled with a sample month (X worked, V vacation, S sick).
{
  const repo = 'mrcsnyder/laravelTimesheetPDF';
  const fixed = { name: 'Jane Example', month: 'March', year: '2026', other_absence_explain: 'Jury duty' };
  let day = 0;
  const html = gitText(repo, 'resources/views/timesheet-pdf.blade.php')
    .replace(/\{\{public_path\(\)\}\}\/images\/logo\.png/g, 'logo.png')
    .replace(/\{\{\$timesheetData\['(\w+)'\]\}\}/g, (_, key) => {
      if (key in fixed) return fixed[key];
      day += 1;
      return day % 7 === 6 || day % 7 === 0 ? '' : day === 9 || day === 10 ? 'V' : day === 17 ? 'S' : 'X';
    });
  writeCase(
    'timesheet-laravel-snappy',
    html,
    {
      description: `${repo} resources/views/timesheet-pdf.blade.php with a sample month, A4 landscape as its controller asks`,
      format: 'A4',
      landscape: true,
    },
    { 'logo.png': gitFile(repo, 'public/images/logo.png') },
  );
}

// 10. A cover letter's print view (Blade): its expressions filled with a sample letter.
{
  const repo = 'shehlizah/ai_resume';
  const path = 'resources/views/user/cover-letters/print.blade.php';
  const letter = [
    'I am writing to apply for the position of Senior Data Analyst advertised on your careers page. For the past six years I have worked with finance and operations teams to turn raw data into reports that people actually read, and I would welcome the chance to do the same at Northwind Traders.',
    'At Contoso Retail I built the weekly sales reporting that replaced eleven spreadsheets with one dashboard, cut the time to close each month by two days and trained twenty colleagues to use it. I enjoy the detective work of reconciling numbers that do not agree, and I am just as careful about explaining the result in plain language.',
    'I would be glad to discuss how my experience could help your team. Thank you for your time and consideration.',
  ].join('\n\n');
  const values = {
    '$coverLetter->title': 'Application for Senior Data Analyst',
    'auth()->user()->name': 'Jane Example',
    'auth()->user()->email': 'jane@example.com',
    'auth()->user()->phone': '+44 20 7946 0000',
    "now()->format('F d, Y')": 'March 3, 2026',
    '$coverLetter->recipient_name': 'Alex Morgan',
    '$coverLetter->company_name': 'Northwind Traders',
    '$coverLetter->company_address': '12 Harbour Road, Bristol BS1 4RB',
  };
  const html = gitText(repo, path)
    .replace(/@if\([^\n]*\)\s*|@endif\s*/g, '')
    .replace(/\{!!\s*nl2br\(e\(\$coverLetter->content\)\)\s*!!\}/, letter.replace(/\n/g, '<br />\n'))
    .replace(/\{\{\s*(.*?)\s*\}\}/g, (whole, expr) => values[expr] ?? whole);
  writeCase('letter-cover-letter-print', html, {
    description: `${repo} ${path} at its newest commit, with a sample letter`,
  });
}

// 11. openhtmltopdf's cafe menu (a Thymeleaf template for an HTML-to-PDF engine), expanded with
// the menu its DataGenerator.java supplies; only th:each, th:text and th:href are used.
{
  const repo = 'danfickle/openhtmltopdf';
  const cheerio = require('cheerio');
  const item = (title, description, price) => ({ title, description, price });
  const menu = {
    company: {
      name: 'My Place',
      email: 'myplace@example.com',
      address: { line1: '125 Second Ave', line2: null, city: 'Waterside' },
    },
    sections: [
      {
        title: 'Breakfast',
        items: [
          item('Toast with jam', 'Ask about our delicious array of fruit jams', '$10.00'),
          item('Vegemite on sourdough', 'Who can resist our vegemite laden bread', '$9.20'),
          item('Eggs your way', 'Choose from fried, poached or scrambled', '$15.00'),
          item('Porridge', 'Simply irresistible with berries', '$5.80'),
          item('Big breakfast', 'Sausages, eggs, toast and mushroom goodness', '$18.00'),
          item('Pancakes', 'Served with ice-cream on top', '$14.00'),
          item('French toast', 'With the very best maple syrup', '$12.00'),
        ],
      },
      {
        title: 'Lunch',
        items: [
          item('Chicken burger', 'Yummy chicken piece on a bun', '$19.00'),
          item('Sandwich', 'Choice of fillings including cucumber', '$3.99'),
          item('Vegetarian curry', 'Not too hot, not too mild', '$15.00'),
          item('Chips', 'Get healthy with our sweet-potato fries', '$9.00'),
        ],
      },
    ],
  };
  const $ = cheerio.load(gitText(repo, 'openhtmltopdf-templates/src/main/resources/templates/cafe-menu.html'), {
    decodeEntities: false,
  });
  const lookup = (scope, path) => path.split('.').reduce((value, key) => value?.[key], scope) ?? '';
  const expand = (el, scope) => {
    const each = $(el).attr('th:each');
    if (each) {
      const [, name, path] = each.match(/^(\w+)\s*:\s*\$\{([\w.]+)\}$/);
      $(el).removeAttr('th:each');
      for (const value of lookup(scope, path)) {
        const copy = $(el).clone().insertBefore(el);
        expand(copy[0], { ...scope, [name]: value });
      }
      $(el).remove();
      return;
    }
    const text = $(el).attr('th:text');
    if (text)
      $(el)
        .removeAttr('th:text')
        .text(lookup(scope, text.slice(2, -1)));
    const href = $(el).attr('th:href');
    if (href)
      $(el)
        .removeAttr('th:href')
        .attr(
          'href',
          href.replace(/^\||\|$/g, '').replace(/\$\{([\w.]+)\}/g, (_, p) => lookup(scope, p)),
        );
    $(el)
      .children()
      .each((_, child) => expand(child, scope));
  };
  expand($.root().children('html')[0] ?? $.root()[0], { menu });
  writeCase('menu-openhtmltopdf-cafe', $.html(), {
    description: `${repo} openhtmltopdf-templates/src/main/resources/templates/cafe-menu.html with its DataGenerator menu`,
  });
}
