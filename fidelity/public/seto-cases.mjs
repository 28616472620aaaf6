#!/usr/bin/env node
// Builds set O of the public templates (README.md beside this file), blind from session 17 on: measured only.
// Sources none of sets A–N and P use:
//   node fidelity/public/seto-cases.mjs /work/npm-seto /work/.mirror /work/public/seto
// <npm prefix> holds handlebars@4.7.8, sass@1.83.0, resume-schema@1.0.1, invoice-it@2.0.0,
// @asciidoctor/core@3.0.4, font-awesome@4.7.0, markdown-it@14.1.0, bootstrap530@npm:bootstrap@5.3.0,
// bootstrap320@npm:bootstrap@3.2.0 and font-awesome42@npm:font-awesome@4.2.0 (installed with --ignore-scripts);
// <mirrors> holds one clone per repository as owner+name/repo (the `fetch` tool): jvont/jsonresume-theme-monoblue,
// poleveD/jsonresume-theme-striking, matcornic/hermes, dohliam/dropin-minimal-css, enuribandara/viva,
// osgirl/hajee-sons-project, inotechno/ELearning-ASN, andika1991/letter-making-web, filipecarneiro/DocMailer,
// fabian0896/jsreport-module, asciidoctor/asciidoctor, ietf-tools/xml2rfc.
// Every script is dropped (Platen runs none), remote resources too, as in set D. Pages meant as plain HTML carry
// their literal `{{` escaped (writeTemplateCase), as in sets L and N.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { caseKitFromArgv, defaultExport, renderGithubTheme } from './cases-lib.mjs';

const kit = caseKitFromArgv('seto-cases.mjs');
const { prefix, mirrors, require, gitText, gitFile } = kit;
const { writeTemplateCase: writeCase, repoFiles, npmFiles } = kit;
const json = (data) => JSON.stringify(data, null, 1) + '\n';
const sampleResume = () => JSON.parse(readFileSync(require.resolve('resume-schema/sample.resume.json'), 'utf8'));

// 1. Résumés.
// Monoblue (jvont/jsonresume-theme-monoblue 1.0.2, MIT; Handlebars with partials, its SCSS compiled by sass as its
// index.js does) rendered with resume-schema's sample resume; its Google Font (Roboto) is remote, so dropped.
{
  const [html, description] = await renderGithubTheme(
    prefix,
    mirrors,
    'jvont/jsonresume-theme-monoblue',
    '92ea20670e38f6908e476a7dd73e8d3d310c1b95',
  );
  writeCase('resume-monoblue', html, { description });
}

// Striking (poleveD/jsonresume-theme-striking 0.0.8, MIT): its resume.template is plain Handlebars (sections,
// #each, #if; no helpers), so it is kept as the template, its style.css and print.css written where its index.js
// puts them, with the sample resume as data.json. Font Awesome 4.2.0 and Bootstrap 3.2.0 (`media="screen"`) from
// npm in place of their CDN links; its Google Font is remote, so dropped.
{
  const repo = 'poleveD/jsonresume-theme-striking';
  const commit = '07d192277d18643c3128b2f8a0b165501160656e';
  const html = gitText(repo, 'resume.template', commit)
    .replace('{{{css}}}', () => gitText(repo, 'style.css', commit))
    .replace('{{{print}}}', () => gitText(repo, 'print.css', commit))
    .replace(/http:\/\/maxcdn\.bootstrapcdn\.com\/font-awesome\/4\.2\.0\/css/, 'vendor/font-awesome/css')
    .replace(/https:\/\/maxcdn\.bootstrapcdn\.com\/bootstrap\/3\.2\.0\/css/, 'vendor/bootstrap/css');
  writeCase(
    'resume-striking',
    html,
    {
      description: `${repo} resume.template (0.0.8) at ${commit.slice(0, 7)} as a Handlebars template, resume-schema's sample resume as data`,
      handlebars: true,
    },
    {
      'data.json': json({ resume: sampleResume() }),
      ...npmFiles('font-awesome42', {
        'vendor/font-awesome/css/font-awesome.min.css': 'css/font-awesome.min.css',
        'vendor/font-awesome/fonts/fontawesome-webfont.woff': 'fonts/fontawesome-webfont.woff',
        'vendor/font-awesome/fonts/fontawesome-webfont.ttf': 'fonts/fontawesome-webfont.ttf',
      }),
      ...npmFiles('bootstrap320', { 'vendor/bootstrap/css/bootstrap.min.css': 'dist/css/bootstrap.min.css' }),
    },
  );
}

// 2. Transactional e-mails: Hermes (matcornic/hermes, Apache-2.0; a Go library writing inlined table-layout e-mails),
// the HTML its examples/main.go wrote and committed for its two themes; the logo, linked from GitHub, pointed at the
// copy beside them (examples/gopher.png).
{
  const repo = 'matcornic/hermes';
  const commit = 'db8901938bc20e5c1980731141e6845621ec625e';
  for (const [theme, example] of [
    ['default', 'receipt'],
    ['default', 'reset'],
    ['default', 'welcome'],
    ['default', 'invite_code'],
    ['flat', 'receipt'],
    ['flat', 'maintenance'],
  ]) {
    const path = `examples/${theme}/${theme}.${example}.html`;
    writeCase(
      `mail-hermes-${theme}-${example.replace('_', '-')}`,
      gitText(repo, path, commit).replaceAll(
        'https://github.com/matcornic/hermes/blob/master/examples/gopher.png?raw=true',
        'gopher.png',
      ),
      { description: `${repo} ${path} at ${commit.slice(0, 7)}` },
      repoFiles(repo, commit, { 'gopher.png': 'examples/gopher.png' }),
    );
  }
}

// 3. Long documents on drop-in CSS frameworks: dohliam/dropin-minimal-css (MIT; each framework under its own licence,
// these four MIT), its demo page index.html with the framework's min/<name>.min.css linked at the end of the head as
// its switcher script does for `?<name>`; the switcher script, the page's iframe of itself and its remote photos
// dropped.
{
  const repo = 'dohliam/dropin-minimal-css';
  const commit = 'a7c01906d10280094bce01dc00dc2fe696c9cb5a';
  const page = gitText(repo, 'index.html', commit).replace(/<iframe\b[^>]*>[\s\S]*?<\/iframe>/gi, '');
  for (const name of ['a11yana', 'bamboo', 'holiday', 'water']) {
    writeCase(
      `report-dropin-${name}`,
      page.replace('</head>', `<link rel="stylesheet" type="text/css" href="min/${name}.min.css">\n</head>`),
      { description: `${repo} index.html with min/${name}.min.css at ${commit.slice(0, 7)}` },
      repoFiles(repo, commit, { [`min/${name}.min.css`]: `min/${name}.min.css` }),
    );
  }
}

// 4. Invoices.
// invoice-it 2.0.0 from npm (MIT; Pug templates printed by html-pdf): the invoice and the order of its README's
// example (its emitter and recipient, two articles written for this set), date and reference fixed; A4 without
// margins (html-pdf's defaults); its default logo is a remote placeholder, so dropped.
{
  const invoiceIt = require('invoice-it');
  const recipient = {
    company_name: 'Receiver company',
    first_name: 'Will',
    last_name: 'Jameson',
    street_number: '20',
    street_name: 'Rue Victor Hugo',
    zip_code: '77340',
    city: 'Pontault-Combault',
    country: 'France',
    phone: '06 00 00 00 00',
    mail: 'will.jameson@test.com',
  };
  const emitter = {
    name: 'Dim Solution',
    street_number: '15',
    street_name: 'Rue Jean Jaures',
    zip_code: '75012',
    city: 'Paris',
    country: 'France',
    phone: '01 00 00 00 00',
    mail: 'contact@dimsolution.com',
    website: 'www.dimsolution.com',
  };
  for (const kind of ['invoice', 'order']) {
    const doc = invoiceIt.create(recipient, emitter);
    doc.date = '2026-11-20';
    doc.reference = kind === 'invoice' ? 'IN2611-00042' : 'OR2611-00042';
    doc.article = [
      { description: 'Annual software licence', tax: 20, price: 480, qt: 1 },
      { description: 'Installation and training (hours)', tax: 20, price: 65, qt: 6 },
    ];
    const keys = kind === 'invoice' ? doc.getInvoice() : doc.getOrder();
    writeCase(`invoice-invoice-it-${kind}`, keys.toHTML().html, {
      description: `invoice-it 2.0.0 static/${kind}.pug with its README's example and two articles`,
      margin: '0',
    });
  }
}

// Bootstrap 5.3.0 invoice of a student shop (enuribandara/viva invoice.php at 8ac09cc, no licence stated; static
// HTML, no PHP in it), Bootstrap from npm in place of its CDN link.
{
  const repo = 'enuribandara/viva';
  const commit = '8ac09ccf3545bc6e8b285b879a52adff865581e8';
  writeCase(
    'invoice-bootstrap5-viva',
    gitText(repo, 'invoice.php', commit).replace(
      'https://cdn.jsdelivr.net/npm/bootstrap@5.3.0/dist/css/bootstrap.min.css',
      'vendor/bootstrap/css/bootstrap.min.css',
    ),
    { description: `${repo} invoice.php at ${commit.slice(0, 7)}, Bootstrap 5.3.0 from npm` },
    npmFiles('bootstrap530', { 'vendor/bootstrap/css/bootstrap.min.css': 'dist/css/bootstrap.min.css' }),
  );
}

// HtmlSnipp's Bootstrap 3 invoice as a shop prints it (osgirl/hajee-sons-project print.php at 1f6a0c4, no licence
// stated; static HTML) with the Bootstrap 3.3.7 copy of its css/ folder; its Google Font is remote, so dropped.
{
  const repo = 'osgirl/hajee-sons-project';
  const commit = '1f6a0c43528b78bfcd18b78092f963a4452a7f68';
  writeCase(
    'invoice-bootstrap3-htmlsnipp',
    gitText(repo, 'print.php', commit),
    { description: `${repo} print.php at ${commit.slice(0, 7)} with its css/bootstrap.min.css` },
    repoFiles(repo, commit, { 'css/bootstrap.min.css': 'css/bootstrap.min.css' }),
  );
}

// 5. Certificate and letters, Blade views printed by laravel-dompdf, their Blade echoes written as Handlebars
// expressions with sample values in data.json (dompdf's default 1.2 cm page margin).
// A training certificate in Indonesian (inotechno/ELearning-ASN resources/views/certificates/template.blade.php at
// cdf0522, MIT by its composer.json; A4 landscape as its controller asks), its two images copied.
{
  const repo = 'inotechno/ELearning-ASN';
  const commit = 'cdf0522e26bb664979e5853d1d176fd06f08ac52';
  const path = 'resources/views/certificates/template.blade.php';
  writeCase(
    'certificate-elearning-asn',
    gitText(repo, path, commit)
      .replace(/\{\{\s*public_path\('([^']+)'\)\s*\}\}/g, '$1')
      .replace(/\{\{\s*\$(\w+)(?:\s*\?\?\s*'')?\s*\}\}/g, '{{$1}}'),
    {
      description: `${repo} ${path} at ${commit.slice(0, 7)}, its Blade echoes as Handlebars with a sample certificate`,
      handlebars: true,
      format: 'A4',
      landscape: true,
      margin: '1.2cm',
    },
    {
      'data.json': json({
        gelar_depan: 'Dr.',
        name: 'Siti Rahmawati',
        gelar_belakang: 'S.Kom., M.T.',
        course: 'Pelatihan Manajemen Arsip Digital',
        qualification: 'Sangat Memuaskan',
        date: '20 November 2026',
      }),
      ...repoFiles(repo, commit, {
        'images/garuda.jpg': 'public/images/garuda.jpg',
        'images/ttd.jpg': 'public/images/ttd.jpg',
      }),
    },
  );
}

// A village office's letters (andika1991/letter-making-web, MIT by its composer.json; A4 portrait): the certificate of
// domicile and the certificate of low income, `resources/views/dashboard/{domisilis,sktm}/cetak.blade.php` at
// ed0c530, echoes of the record (`$domisili->nama`) as `{{domisili.nama}}`, the date Carbon formats written out, the
// domicile letter's PHP block that cuts hamlet, RT and RW out of the address given as its values.
{
  const repo = 'andika1991/letter-making-web';
  const commit = 'ed0c530988ae8b8de28b3a8f50c70c644cd46eba';
  const toHandlebars = (html) =>
    html
      .replace(/<\?php[\s\S]*?\?>/g, '')
      .replace(
        /\{\{\s*\\Carbon\\Carbon::parse\(\$\w+->created_at\)->translatedFormat\('d F Y'\)\s*\}\}/g,
        '{{tanggal}}',
      )
      .replace(/\{\{\s*strip_tags\(\$(\w+)->(\w+)\)\s*\}\}/g, '{{$1.$2}}')
      .replace(/\{\{\s*\$(\w+)->(\w+)\s*\}\}/g, '{{$1.$2}}')
      .replace(/\{\{\s*\$(\w+)\s*\}\}/g, '{{$1}}');
  const logo = repoFiles(repo, commit, { 'dashmin/img/lampung tengah.png': 'public/dashmin/img/lampung tengah.png' });
  const person = {
    nama: 'Rina Kusumawati',
    nik: '1802054107890003',
    jeniskelamin: 'Perempuan',
    agama: 'Islam',
    pekerjaan: 'Wiraswasta',
  };
  const letters = {
    domisilis: {
      domisili: {
        ...person,
        noSurat: '118',
        tempatTglLahir: 'Seputih Banyak, 1 Juli 1989',
        alamatkk: 'Dusun 06 RT.021 RW.002 Kamp. Sumber Bahagia Kec. Seputih Banyak Kab. Lampung Tengah',
        alamat: 'Dusun 06 RT.021 RW.002 Kamp. Sumber Bahagia Kec. Seputih Banyak Kab. Lampung Tengah',
        keterangan: 'persyaratan pembukaan rekening bank',
      },
      dusun: '06',
      rt: '021',
      rw: '002',
      tanggal: '20 November 2026',
    },
    sktm: {
      sktm: {
        ...person,
        nosurat: '204',
        tempattgllahir: 'Seputih Banyak, 1 Juli 1989',
        umur: '37 Tahun',
        alamat: 'Dusun 06 RT.021 RW.002',
        alamat2: 'Kampung Sumber Bahagia, Kec. Seputih Banyak, Kab. Lampung Tengah',
        muridmhs: 'Andi Pratama (Mahasiswa Universitas Lampung)',
        tujuan: 'permohonan keringanan biaya pendidikan',
      },
      tanggal: '20 November 2026',
    },
  };
  for (const [view, data] of Object.entries(letters)) {
    const path = `resources/views/dashboard/${view}/cetak.blade.php`;
    writeCase(
      `letter-village-${view === 'sktm' ? 'sktm' : 'domisili'}`,
      toHandlebars(gitText(repo, path, commit)),
      {
        description: `${repo} ${path} at ${commit.slice(0, 7)}, its Blade echoes as Handlebars with a sample resident`,
        handlebars: true,
        format: 'A4',
        margin: '1.2cm',
      },
      { 'data.json': json(data), ...logo },
    );
  }
}

// A service agreement (filipecarneiro/DocMailer Templates/document.example.md and document.example.css at 32d82a4, MIT;
// a .NET tool mailing Markdown documents as PDFs made by iText's pdfHTML): the Markdown without its front matter
// converted by markdown-it 14.1.0 (in place of Markdig) into the page its PdfGeneratorService writes around it, its
// recipient placeholders (`{{Company}}`) left as Handlebars expressions with a sample client in data.json; A4 with
// pdfHTML's default 36 pt page margin; the logo its front matter names is not in the repository, so no header.
{
  const repo = 'filipecarneiro/DocMailer';
  const commit = '32d82a4b2ae0cd13f2acb37c15061400666d2f22';
  const markdown = gitText(repo, 'Templates/document.example.md', commit).replace(/^---\n[\s\S]*?\n---\n/, '');
  const body = require('markdown-it')({ html: true }).render(markdown);
  const css = gitText(repo, 'Templates/document.example.css', commit);
  const html = `<!DOCTYPE html>\n<html>\n<head>\n    <meta charset='UTF-8'>\n    <style>\n${css}\n    </style>\n</head>\n<body>\n    \n    <div class='content'>\n        ${body}\n    </div>\n</body>\n</html>`;
  writeCase(
    'contract-docmailer-service-agreement',
    html,
    {
      description: `${repo} Templates/document.example.md at ${commit.slice(0, 7)} in its PDF page, placeholders as Handlebars`,
      handlebars: true,
      format: 'A4',
      margin: '0.5in',
    },
    {
      'data.json': json({
        CurrentDate: '20/11/2026',
        DisplayName: 'Marta Oliveira',
        Company: 'Atlântico Logística, Lda.',
        Position: 'Operations Director',
        Email: 'marta.oliveira@example.com',
        ClientID: 'CL-2026-0147',
        ProjectTitle: 'Warehouse management system rollout',
        StartDate: '01/12/2026',
        Duration: '6 months',
        TotalValue: '€48,500.00',
        ServiceDescription1: 'Requirements analysis and solution design',
        ServiceDescription2: 'Configuration, data migration and integration with the existing ERP',
        ServiceDescription3: 'Staff training and three months of post-launch support',
        PaymentSchedule: '30% on signature, 40% at go-live, 30% on acceptance',
        PaymentDueDate: '30 days from invoice date',
      }),
    },
  );
}

// 6. Reports and manuals.
// A jsreport test report (fabian0896/jsreport-module templates/template.html at cc14b54, ISC by its package.json): a
// Handlebars table of the hundred users its serverless.js gives it, printed by jsreport's chrome-pdf recipe with no
// options (US Letter without margins, as puppeteer's defaults); three pages of rows.
{
  const repo = 'fabian0896/jsreport-module';
  const commit = 'cc14b54f4e62b88480204fc05ad116ab5b34450c';
  writeCase(
    'report-jsreport-users-table',
    gitText(repo, 'templates/template.html', commit),
    {
      description: `${repo} templates/template.html at ${commit.slice(0, 7)} with serverless.js's hundred users`,
      handlebars: true,
      format: 'Letter',
      margin: '0',
    },
    {
      'data.json': json({
        foo: 'world',
        message: 'Hola mundo!!',
        users: Array(100).fill({ name: 'Fabian David', lastName: 'Dueñas Garcia', age: 25 }),
      }),
    },
  );
}

// Asciidoctor's README (asciidoctor/asciidoctor README.adoc at ae5891d, MIT) converted by Asciidoctor.js 3.0.4 into a
// standalone page with its default stylesheet embedded (safe mode `safe`; `reproducible`, so its footer carries no
// time of conversion); the Font Awesome 4.7.0 its admonition
// icons link from a CDN taken from npm; its Google Fonts link and remote badges dropped.
{
  const repo = 'asciidoctor/asciidoctor';
  const commit = 'ae5891df10f12dda069abea8a318c9b94d545bee';
  const asciidoctor = defaultExport(require('@asciidoctor/core'))();
  // The README includes part of CHANGELOG.adoc: both are written to a folder the include resolves against.
  const base = mkdtempSync(join(tmpdir(), 'seto-asciidoctor-'));
  for (const file of ['README.adoc', 'CHANGELOG.adoc']) writeFileSync(join(base, file), gitFile(repo, file, commit));
  const html = asciidoctor.convertFile(join(base, 'README.adoc'), {
    standalone: true,
    safe: 'safe',
    to_file: false,
    attributes: { showtitle: '', reproducible: '' },
  });
  rmSync(base, { recursive: true });
  writeCase(
    'manual-asciidoctor-readme',
    html.replace(
      /https:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/font-awesome\/4\.7\.0\/css\/font-awesome\.min\.css/,
      'vendor/font-awesome/css/font-awesome.min.css',
    ),
    {
      description: `${repo} README.adoc at ${commit.slice(0, 7)} converted by Asciidoctor.js 3.0.4 with its default stylesheet`,
    },
    npmFiles('font-awesome', {
      'vendor/font-awesome/css/font-awesome.min.css': 'css/font-awesome.min.css',
      'vendor/font-awesome/fonts/fontawesome-webfont.woff2': 'fonts/fontawesome-webfont.woff2',
      'vendor/font-awesome/fonts/fontawesome-webfont.woff': 'fonts/fontawesome-webfont.woff',
      'vendor/font-awesome/fonts/fontawesome-webfont.ttf': 'fonts/fontawesome-webfont.ttf',
    }),
  );
}

// RFCs and Internet-Drafts as xml2rfc writes them (ietf-tools/xml2rfc at 55ccf55, BSD-3-Clause): the expected outputs
// of its tests, tests/valid/{rfc7911.v3,draft-template.v3,rfc9001.canonical,docfile}.html (docfile is xml2rfc's own
// vocabulary manual), with xml2rfc/data/xml2rfc.css as the xml2rfc.css they link: A4 pages with a 45 mm bottom margin
// and a first page of its own by its @page rules (its margin boxes are commented out there, and these test outputs
// add none). Their rfc-local.css is not in the repository and their metadata script is dropped.
{
  const repo = 'ietf-tools/xml2rfc';
  const commit = '55ccf550452b62aa28f59ae289aa99fd09430d89';
  const css = repoFiles(repo, commit, { 'xml2rfc.css': 'xml2rfc/data/xml2rfc.css' });
  for (const [name, file] of [
    ['rfc7911', 'rfc7911.v3'],
    ['draft-template', 'draft-template.v3'],
    ['rfc9001', 'rfc9001.canonical'],
    ['docfile', 'docfile'],
  ]) {
    const path = `tests/valid/${file}.html`;
    writeCase(
      `report-xml2rfc-${name}`,
      gitText(repo, path, commit).replace(/<link href="rfc-local\.css"[^>]*>\s*/, ''),
      { description: `${repo} ${path} at ${commit.slice(0, 7)} with xml2rfc.css` },
      css,
    );
  }
}
