#!/usr/bin/env node
// Builds set J of the public templates (README.md beside this file), held out from session 12 on:
// measured only. Sources none of sets A–I and P use:
//   node fidelity/public/setj-cases.mjs /tmp/setj-npm /work/.mirror /tmp/setj
// <npm prefix> holds resume-schema@1.0.1, handlebars@4.7.8, marked@11.2.0, html-minifier@4.0.0,
// @rbardini/html@1, feather-icons@4.29.2, micromark@2.11.4, striptags@3.2.0, pug@2.0.4, moment@2.30.1,
// underscore@1.13.7, jsonresume-themeutils@1.4.3 and bootstrap@3.3.7 as bootstrap3 (npm install
// bootstrap3@npm:bootstrap@3.3.7); <mirrors> holds one clone per repository as
// owner+name/repo. Every script is dropped (Platen runs none), remote resources too, as in set D.
import { join } from 'node:path';
import { caseKit, dropScripts, renderGithubTheme } from './cases-lib.mjs';

const [prefix, mirrors, out] = process.argv.slice(2);
if (!prefix || !mirrors || !out) {
  console.error('usage: setj-cases.mjs <npm prefix> <mirrors folder> <output corpus folder>');
  process.exit(2);
}
const kit = caseKit(prefix, mirrors, out);
const { require, gitText, gitFile, folderFiles } = kit;
const writeCase = (name, html, meta, files) => kit.writeCase(name, dropScripts(html), meta, files);
/** Files of a mirrored repository keyed by their path in the case: { 'css/a.css': 'src/css/a.css' }. */
const repoFiles = (repo, commit, paths) =>
  Object.fromEntries(Object.entries(paths).map(([target, path]) => [target, gitFile(repo, path, commit)]));
/** Prefixes every key of `files` with `folder/`. */
const under = (folder, files) => Object.fromEntries(Object.entries(files).map(([rel, c]) => [`${folder}/${rel}`, c]));

// 1. Résumés: JSON Resume themes published on GitHub only (MIT), with resume-schema's sample resume
// (unpacked into the npm prefix by renderGithubTheme): awesomish (Handlebars, minified by
// html-minifier), neon (ESM, @rbardini/html and feather icons), clean (Pug 2 with its compiled
// theme.css; its Gravatar picture is remote, so dropped), and the two variants of jake-resume (one ESM
// file each, kept in folders of one repository; US Letter in their own @page rule).
for (const [name, repo, commit, folder] of [
  ['resume-awesomish', 'YlanAllouche/jsonresume-theme-awesomish', '68cc55b589f6989f765b9034e655b3f7f3b15734'],
  ['resume-neon', 'dougmaitelli/jsonresume-theme-neon', '978f9b1d71eed03589e372bdf2361cc705268a15'],
  ['resume-clean', 'DTBUday/jsonresume-theme-clean', '5328dd17202ebcb1639d4cd568b60e15aad0436e'],
  [
    'resume-jake-extra',
    'EliteDiamonHawk/jsonresume-theme-jake-resume',
    '9f428f2ea2d229f4ca670198acd9dad833be1173',
    'jsonresume-theme-jake-resume-extra',
  ],
  [
    'resume-jake-minimal',
    'EliteDiamonHawk/jsonresume-theme-jake-resume',
    '9f428f2ea2d229f4ca670198acd9dad833be1173',
    'jsonresume-theme-jake-resume-minimal',
  ],
]) {
  try {
    const [html, description] = await renderGithubTheme(prefix, mirrors, repo, commit, folder);
    writeCase(name, html, { description });
  } catch (error) {
    console.error(`${name}: ${error.message}`);
  }
}

// 2. A cover letter: awesomish's own (cover-letter.js, Handlebars) with its test/sample-cover-letter.json,
// rendered from the copy renderGithubTheme left in the npm prefix.
{
  const repo = 'YlanAllouche/jsonresume-theme-awesomish';
  const commit = '68cc55b589f6989f765b9034e655b3f7f3b15734';
  const dir = join(prefix, 'node_modules', 'jsonresume-theme-awesomish');
  const letter = JSON.parse(gitText(repo, 'test/sample-cover-letter.json', commit));
  writeCase('letter-awesomish-cover', require(join(dir, 'cover-letter.js')).render(letter), {
    description: `${repo} cover-letter.js at ${commit.slice(0, 7)} with its test/sample-cover-letter.json`,
  });
}

// 3. Books from Standard Ebooks (CC0; XHTML chapters of EPUB sources with their core.css, local.css
// and se.css): the files named are joined into one document (the first one's head, every body's
// content in order), `../css/` and `../images/` pointed at copies in the case.
// A text named `name:N` contributes its first N <article>s only (a long poetry collection).
function standardEbook(name, repo, commit, texts, description) {
  const read = (text) => gitText(repo, `src/epub/text/${text.split(':')[0]}.xhtml`, commit);
  const first = read(texts[0]);
  const bodies = texts.map((text) => {
    const body = read(text).match(/<body\b[^>]*>([\s\S]*)<\/body>/)[1];
    const articles = Number(text.split(':')[1]);
    return articles ? body.split('</article>').slice(0, articles).join('</article>') + '</article>' : body;
  });
  const [, bodyTag] = first.match(/(<body\b[^>]*>)/);
  const html = (first.slice(0, first.indexOf(bodyTag)) + bodyTag + bodies.join('\n') + '</body>\n</html>\n')
    .replaceAll('../css/', 'css/')
    .replaceAll('../images/', 'images/');
  writeCase(
    name,
    html,
    { description: `${repo} src/epub/text/{${texts.join(',')}}.xhtml at ${commit.slice(0, 7)}, ${description}` },
    {
      ...under('css', folderFiles(repo, 'src/epub/css', undefined, commit)),
      ...under('images', folderFiles(repo, 'src/epub/images', undefined, commit)),
    },
  );
}
standardEbook(
  'book-se-pride-and-prejudice',
  'standardebooks/jane-austen_pride-and-prejudice',
  '8ec1ca806088448201a95e277010ea160d3ebb48',
  ['chapter-1', 'chapter-2', 'chapter-3'],
  'its first three chapters',
);
standardEbook(
  'book-se-pride-and-prejudice-colophon',
  'standardebooks/jane-austen_pride-and-prejudice',
  '8ec1ca806088448201a95e277010ea160d3ebb48',
  ['imprint', 'colophon', 'uncopyright'],
  'the imprint, colophon and uncopyright pages',
);
standardEbook(
  'book-se-sherlock-scandal-in-bohemia',
  'standardebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes',
  '23b2b6e0aa1350aaccaac91e1d0fe3bb6ed4c81f',
  ['a-scandal-in-bohemia'],
  'the first story',
);
standardEbook(
  'play-se-importance-of-being-earnest',
  'standardebooks/oscar-wilde_the-importance-of-being-earnest',
  'f675f6ddc044499c60310057d595d31d0b4b3f06',
  ['dramatis-personae', 'the-scenes-of-the-play', 'act-1'],
  'the cast, the scenes and the first act (dialogue set as tables)',
);

standardEbook(
  'poetry-se-keats',
  'standardebooks/john-keats_poetry',
  '1747aa9fce749ec5a081014300848547fe15ad22',
  ['titlepage', 'poetry:8'],
  'the title page and the first eight poems',
);

// 4. Long documents on classless CSS libraries (MIT): their own demo pages. Simple.css's index.html
// and Sakura's index.html (its iframe of itself dropped), MVP.css's index.html with its images and its
// mvp.html sample, new.css's demo.html and its night theme's page.
{
  const repo = 'kevquirk/simple.css';
  const commit = '45243899810c4034f79c46fe7586eb98cb985fe8';
  writeCase(
    'report-simplecss-demo',
    gitText(repo, 'index.html', commit),
    { description: `${repo} index.html at ${commit.slice(0, 7)}` },
    repoFiles(repo, commit, { 'simple.css': 'simple.css' }),
  );
}
{
  const repo = 'oxalorg/sakura';
  const commit = '1eab9fd871abc74ec74d1a6f18ee56148f5a4b8f';
  writeCase(
    'report-sakura-demo',
    gitText(repo, 'index.html', commit).replace(/<div><iframe\b[^>]*><\/iframe><\/div>/g, ''),
    { description: `${repo} index.html at ${commit.slice(0, 7)}, its iframe of itself dropped` },
    repoFiles(repo, commit, { 'css/normalize.css': 'css/normalize.css', 'css/sakura.css': 'css/sakura.css' }),
  );
}
{
  const repo = 'andybrewer/mvp';
  const commit = '9a8aef01bcdf57c8d095a456e5720d63a5d193a5';
  writeCase(
    'report-mvpcss-demo',
    gitText(repo, 'index.html', commit),
    { description: `${repo} index.html at ${commit.slice(0, 7)}` },
    { 'mvp.css': gitFile(repo, 'mvp.css', commit), ...under('img', folderFiles(repo, 'img', undefined, commit)) },
  );
  writeCase(
    'report-mvpcss-sample',
    gitText(repo, 'mvp.html', commit),
    { description: `${repo} mvp.html at ${commit.slice(0, 7)} (its remote placeholder images dropped)` },
    { 'mvp.css': gitFile(repo, 'mvp.css', commit) },
  );
}
{
  const repo = 'xz/new.css';
  const commit = '80e7107b491b1062193331ae93ff3670c6a2398d';
  writeCase(
    'report-newcss-demo',
    gitText(repo, 'demo.html', commit),
    { description: `${repo} demo.html at ${commit.slice(0, 7)}` },
    repoFiles(repo, commit, { 'new.css': 'new.css' }),
  );
  // Its dark theme's page, the site-absolute /new.css and ../night.css pointed at copies in the case.
  writeCase(
    'report-newcss-night',
    gitText(repo, 'theme/night.html', commit)
      .replace('href="/new.css"', 'href="new.css"')
      .replace('href="../night.css"', 'href="night.css"'),
    { description: `${repo} theme/night.html at ${commit.slice(0, 7)}, stylesheet links made relative` },
    repoFiles(repo, commit, { 'new.css': 'new.css', 'night.css': 'theme/night.css' }),
  );
}

// 5. E-mails. Mosaico's versafix-1 template (voidlabs/mosaico, GPL-3.0; spec/data/template-versafix-1.html,
// the template as its editor loads it, placeholder texts and -ko- bindings; its placeholder images are
// remote, so dropped). listmonk's e-mails (knadh/listmonk, AGPL-3.0; Go templates) expanded by hand:
// the default campaign template with the sample campaign its installer creates, and the opt-in
// confirmation (base.html's header and footer, its logo copied), texts from i18n/en.json.
{
  const repo = 'voidlabs/mosaico';
  const commit = '12625a51021e039edb96f99771fa18cf4d0726a4';
  writeCase('mail-mosaico-versafix', gitText(repo, 'spec/data/template-versafix-1.html', commit), {
    description: `${repo} spec/data/template-versafix-1.html at ${commit.slice(0, 7)}`,
  });
}
{
  const repo = 'knadh/listmonk';
  const commit = '911e0b774abad4fbf7b534be43a34a80fb6ace5b';
  const i18n = JSON.parse(gitText(repo, 'i18n/en.json', commit));
  const subscriber = { FirstName: 'John', LastName: 'Doe', city: 'Bengaluru' };
  /** The Go template actions these e-mails use, with sample values. */
  const fill = (tpl, values) =>
    tpl
      .replace(/{{\s*L\.Ts? "([^"]+)"\s*}}/g, (_, key) => i18n[key])
      .replace(/{{\s*([.\w]+)\s*}}/g, (whole, key) => values[key] ?? whole);
  const campaign = `<h3>Hi {{ .Subscriber.FirstName }}!</h3>
		<p>This is a test e-mail campaign. Your second name is {{ .Subscriber.LastName }} and you are from {{ .Subscriber.Attribs.city }}.</p>
		<p>Here is a <a href="https://listmonk.app@TrackLink">tracked link</a>.</p>
		<p>Use the link icon in the editor toolbar or when writing raw HTML or Markdown,
			simply suffix @TrackLink to the end of a URL to turn it into a tracking link. Example:</p>
		<pre>&lt;a href=&quot;https:/&zwnj;/listmonk.app&#064;TrackLink&quot;&gt;&lt;/a&gt;</pre>
		<p>For help, refer to the <a href="https://listmonk.app/docs">documentation</a>.</p>
		`; // cmd/install.go's sample campaign body
  const values = {
    '.Campaign.Subject': 'Welcome to listmonk',
    '.Subscriber.FirstName': subscriber.FirstName,
    '.Subscriber.LastName': subscriber.LastName,
    '.Subscriber.Attribs.city': subscriber.city,
    UnsubscribeURL: 'https://listmonk.example.com/subscription/unsubscribe',
    MessageURL: 'https://listmonk.example.com/campaign/view',
    TrackView: '',
    '.OptinURL': 'https://listmonk.example.com/subscription/optin',
    '.UnsubURL': 'https://listmonk.example.com/subscription/unsubscribe',
  };
  writeCase(
    'mail-listmonk-campaign',
    fill(
      gitText(repo, 'static/email-templates/default.tpl', commit).replace(/{{\s*template "content" \.\s*}}/, campaign),
      values,
    ).replace(/@TrackLink/g, ''),
    {
      description: `${repo} static/email-templates/default.tpl at ${commit.slice(0, 7)} with cmd/install.go's sample campaign`,
    },
  );
  const base = gitText(repo, 'static/email-templates/base.html', commit);
  const define = (tpl, name) =>
    tpl.match(new RegExp(`{{ define "${name}" }}([\\s\\S]*?){{ end }}\\s*(?={{ define|$)`))[1];
  const header = define(base, 'header')
    .replace(/{{ if ne LogoURL "" }}([\s\S]*?){{ end }}/, '$1')
    .replace('{{ LogoURL }}', 'logo.svg');
  const optin = define(gitText(repo, 'static/email-templates/subscriber-optin.html', commit), 'subscriber-optin')
    .replace('{{ template "header" . }}', header)
    .replace('{{ template "footer" }}', define(base, 'footer'))
    .replace(
      /{{ range \$i, \$l := \.Lists }}[\s\S]*?{{ end }}\s*{{ end }}/,
      `<li>Opt-in list</li>\n            <li>{{ L.Ts "email.optin.privateList" }}</li>`,
    );
  const status = define(gitText(repo, 'static/email-templates/campaign-status.html', commit), 'campaign-status')
    .replace('{{ template "header" . }}', header)
    .replace('{{ template "footer" }}', define(base, 'footer'))
    .replace(/{{ if ne \(index \. "Reason"\) "" }}([\s\S]*?){{ end }}/, '$1')
    .replace(
      /{{ index \. "(\w+)" }}/g,
      (_, key) =>
        ({ ID: 1, Name: 'Welcome to listmonk', Status: 'finished', Sent: 1204, ToSend: 1204, Reason: 'Finished' })[key],
    )
    .replace('{{ RootURL }}', 'https://listmonk.example.com');
  writeCase(
    'mail-listmonk-campaign-status',
    fill(status, values),
    {
      description: `${repo} static/email-templates/campaign-status.html in base.html at ${commit.slice(0, 7)}, a finished campaign`,
    },
    { 'logo.svg': gitFile(repo, 'static/public/static/logo.svg', commit) },
  );
  writeCase(
    'mail-listmonk-optin',
    fill(optin, values),
    {
      description: `${repo} static/email-templates/subscriber-optin.html in base.html at ${commit.slice(0, 7)}, a public and a private list`,
    },
    { 'logo.svg': gitFile(repo, 'static/public/static/logo.svg', commit) },
  );
}

// 6. Invoices. html-invoicer's example (janouma/html-invoicer, ISC): a French invoice on basscss with its
// fonts and bank-details image, its ${…} placeholders filled as its data.js computes them for 3 units
// (date fixed), printed on US Letter without margins as its index.js does with puppeteer.
{
  const repo = 'janouma/html-invoicer';
  const commit = '8ed7aff7d0b2f1074acfb88b6e26fd2b632ffdd4';
  const money = (cents) => (cents / 100).toLocaleString('fr', { minimumFractionDigits: 2 });
  const [qty, price] = [3, 122000];
  const values = {
    id: '1795737600000',
    date: '27/11/2026',
    qty,
    price: money(price),
    taxeFreeSum: money(qty * price),
    vat: money(qty * price * 0.2),
    sum: money(qty * price * 1.2),
  };
  const files = folderFiles(repo, 'example', /\.(pdf|js|html)$/i, commit);
  writeCase(
    'invoice-html-invoicer',
    gitText(repo, 'example/template.html', commit).replace(/\$\{(\w+)\}/g, (_, key) => String(values[key])),
    {
      description: `${repo} example/template.html at ${commit.slice(0, 7)}, filled for 3 units`,
      format: 'Letter',
      margin: '0mm',
    },
    files,
  );
}

// FusionInvoice's "area" invoice and quote templates (Seb33300/FusionInvoice-templates-area; no licence
// stated; Blade of Laravel 4, which dompdf prints), filled with a sample invoice by the Blade subset below.
{
  const repo = 'Seb33300/FusionInvoice-templates-area';
  const commit = '46774bba10cb1561612c7132dac069cc7bfc0af8';
  const fi = {
    invoice: 'Invoice',
    quote: 'Quote',
    date: 'Date',
    due_date: 'Due Date',
    phone: 'Phone',
    mobile: 'Mobile',
    fax: 'Fax',
    product: 'Product',
    quantity: 'Quantity',
    price: 'Price',
    tax_rate: 'Tax Rate',
    subtotal: 'Subtotal',
    total: 'Total',
    tax: 'Tax',
    paid: 'Paid',
    balance: 'Balance',
  };
  const vat = { formatted_percent: '20.000%' };
  const item = (name, description, quantity, price, subtotal) => ({
    name,
    formatted_description: description,
    formatted_quantity: quantity,
    formatted_price: price,
    taxRate: vat,
    amount: { formatted_subtotal: subtotal },
  });
  const document = {
    number: 'INV-0042',
    formatted_created_at: '11/27/2026',
    formatted_due_at: '12/27/2026',
    user: {
      company: 'Northwind Design Ltd',
      name: 'Alex Martin',
      formatted_address: '12 Harbour Street<br>Bristol BS1 4RN<br>United Kingdom',
      email: 'alex@northwind.example',
      phone: '+44 117 496 0123',
      mobile: '+44 7700 900123',
      fax: '',
      web: 'https://northwind.example',
    },
    client: {
      name: 'Contoso Trading GmbH',
      formatted_address: 'Hauptstraße 5<br>10115 Berlin<br>Germany',
      email: 'accounts@contoso.example',
      phone: '+49 30 901820',
      mobile: '',
      fax: '+49 30 901821',
      web: 'https://contoso.example',
    },
    items: [
      item(
        'Website redesign',
        'Design and build of the new marketing site, 12 templates',
        '1.00',
        '£2,400.00',
        '£2,400.00',
      ),
      item('Hosting', 'Managed hosting, December 2026 to November 2027', '12.00', '£35.00', '£420.00'),
      item('Content migration', 'Pages and posts moved from the old CMS, per hour', '8.50', '£60.00', '£510.00'),
    ],
    summarized_taxes: [{ name: 'vat', percent: '20.000%', total: '£666.00' }],
    amount: {
      total_tax: 666,
      paid: 1000,
      formatted_item_subtotal: '£3,330.00',
      formatted_total_tax: '£666.00',
      formatted_total: '£3,996.00',
      formatted_paid: '£1,000.00',
      formatted_balance: '£2,996.00',
    },
    is_foreign_currency: false,
    terms: 'Payment within 30 days.',
    formatted_terms: 'Payment within 30 days by bank transfer to IBAN GB33 BUKB 2020 1555 5555 55.',
    formatted_footer: 'Northwind Design Ltd · Registered in England and Wales No. 01234567 · VAT GB 123 4567 89',
  };
  for (const kind of ['invoice', 'quote']) {
    const path = `app/FI/Modules/Templates/Views/templates/${kind}s/area.blade.php`;
    writeCase(
      `${kind}-fusioninvoice-area`,
      blade(
        gitText(repo, path, commit),
        { [kind]: { ...document, number: kind === 'quote' ? 'QUO-0042' : 'INV-0042' }, logo: '' },
        fi,
      ),
      { description: `${repo} ${path} at ${commit.slice(0, 7)}, filled with a sample ${kind}` },
    );
  }
}

/**
 * The part of Laravel 4's Blade these templates use: {{ expr }} and {{{ expr }}} (printed as they are),
 * {{--* / statement /*--}}, @if (…) @else @endif and @foreach (… as $x) @endforeach, over PHP
 * expressions turned into JavaScript ($a->b → scope.a.b; trans, count and mb_strtoupper).
 */
function blade(src, vars, translations) {
  let i = 0;
  const balanced = () => {
    const start = i;
    for (let depth = 0; i < src.length; i++) {
      if (src[i] === '(') depth++;
      else if (src[i] === ')' && --depth === 0) return src.slice(start + 1, i++);
    }
    throw new Error('unbalanced parenthesis');
  };
  const sequence = (stops) => {
    const nodes = [];
    while (i < src.length) {
      const rest = src.slice(i, i + 400);
      let m;
      if ((m = rest.match(/^{{--\*\/([\s\S]*?)\/\*--}}/))) nodes.push({ statement: m[1] });
      else if ((m = rest.match(/^{{{?([\s\S]*?)}?}}/))) nodes.push({ expression: m[1] });
      else if ((m = rest.match(/^@(if|foreach)\s*(?=\()/))) {
        i += m[0].length;
        const head = balanced();
        const body = sequence(m[1] === 'if' ? ['else', 'endif'] : ['endforeach']);
        const otherwise = body.stop === 'else' ? sequence(['endif']).nodes : [];
        nodes.push({ [m[1]]: head, body: body.nodes, otherwise });
        continue;
      } else if ((m = rest.match(/^@(else|endif|endforeach)\b/)) && stops.includes(m[1])) {
        i += m[0].length;
        return { nodes, stop: m[1] };
      } else {
        nodes.push(src[i++]);
        continue;
      }
      i += m[0].length;
    }
    return { nodes };
  };
  const php = (expression, scope) =>
    Function(
      'scope',
      'trans',
      'count',
      'mb_strtoupper',
      `return (${expression.replace(/\$(\w+)/g, 'scope.$1').replaceAll('->', '.')});`,
    )(
      scope,
      (key) => translations[key.replace(/^fi\./, '')],
      (list) => list.length,
      (text) => text.toUpperCase(),
    );
  const render = (nodes, scope) =>
    nodes
      .map((node) => {
        if (typeof node === 'string') return node;
        if ('statement' in node) return (php(node.statement, scope), '');
        if ('expression' in node) return String(php(node.expression, scope) ?? '');
        if ('if' in node) return render(php(node.if, scope) ? node.body : node.otherwise, scope);
        const [list, variable] = node.foreach.split(/\s+as\s+\$/);
        return php(list, scope)
          .map((value) => render(node.body, { ...scope, [variable]: value }))
          .join('');
      })
      .join('');
  return render(sequence([]).nodes, { ...vars });
}

// 7. A certificate and a letter that apps print with dompdf. InfoAcademy's training certificate
// (ChristopherJohn29/infoacademy application/views/certificate.php; no licence stated): A4 landscape
// without margins in its @page rule, text placed over its background image (copied), its PHP
// expressions filled with a sample recipient; its QR code comes from a remote service, so dropped.
{
  const repo = 'ChristopherJohn29/infoacademy';
  const commit = '6b2f86357603d3affc029791faedf34f54d14aea';
  const html = gitText(repo, 'application/views/certificate.php', commit)
    .replace(`<?= base_url('assets/unicat/images/newcert.jpg') ?>`, 'newcert.jpg')
    .replace(/<\?= isset\(\$name\)[\s\S]*?\?>/, 'MARIA CLARA SANTOS')
    .replace(/<\?= isset\(\$course\)[\s\S]*?\?>/, 'Basic Microsoft Excel for Business Analytics and Reporting')
    .replace(/<\?= isset\(\$date_completed\)[\s\S]*?\?>/, 'November 20, 2026')
    .replace(/<\?php[\s\S]*?\?>\s*<img\b[\s\S]*?class="qr-code">/, '');
  writeCase(
    'certificate-infoacademy',
    html,
    {
      description: `${repo} application/views/certificate.php at ${commit.slice(0, 7)}, filled with a sample recipient`,
    },
    { 'newcert.jpg': gitFile(repo, 'assets/unicat/images/newcert.jpg', commit) },
  );
}

// An Indonesian polytechnic's request letter (GlassClamvis/bujangElit resources/views/cetak/surat_permohonan.blade.php;
// its composer.json says MIT): fixed header and footer in the page margins of its @page rule, as
// laravel-dompdf prints it; Blade comments removed, the second signatory's branch kept, sample number,
// signatory and date written in; its logo is not in the repository, so dropped.
{
  const repo = 'GlassClamvis/bujangElit';
  const commit = '6ffe1ef65aec94a787594d498b962b5f91f5f2fc';
  const path = 'resources/views/cetak/surat_permohonan.blade.php';
  const html = gitText(repo, path, commit)
    .replace(/{{--[\s\S]*?--}}/g, '')
    .replace(/<img src="{{ public_path\('system\/polije\.png'\) }}"[^>]*>/, '')
    .replace(/@if\(\$data\['unit'\]=="208"\)[\s\S]*?@elseif\(\$data\['unit'\]=="209"\)([\s\S]*?)@endif/, '$1')
    .replace(`{{" ".$data['nomor_surat']}}`, ' 1234/PL17/KP/2026')
    .replace(`{{\\Carbon\\Carbon::now()->translatedFormat('d F Y') }}`, '27 November 2026')
    .replace(`{{Str::headline("wakil direktur bid. keuangan dan umum,")}}`, 'Wakil Direktur Bid. Keuangan Dan Umum,')
    .replace(`{{$data['nama']}}`, 'Dr. Ir. Budi Santoso, M.T.')
    .replace(`{{$data['nip']}}`, '196801011993031001');
  writeCase('letter-polije-request', html, {
    description: `${repo} ${path} at ${commit.slice(0, 7)}, filled with a sample number, date and signatory`,
  });
}
