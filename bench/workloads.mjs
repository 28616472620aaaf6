// Realistic workloads, generated so that the benchmark needs no fixtures.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const style = `<style>
  body { font-family: Arial, Helvetica, sans-serif; font-size: 10pt; color: #222; }
  h1 { font-size: 18pt; margin: 0 0 6mm; }
  table { width: 100%; border-collapse: collapse; }
  th { background: #1f2937; color: #fff; text-align: left; padding: 4px 6px; }
  td { border-bottom: 1px solid #ddd; padding: 4px 6px; }
  td.n, th.n { text-align: right; }
  tbody tr:nth-child(even) { background: #f3f4f6; }
  tr { break-inside: avoid; }
</style>`;

function rows(count) {
  let html = '';
  for (let i = 1; i <= count; i++) {
    html += `<tr><td>${i}</td><td>Item ${i}: stainless fastener, grade A${i % 5}</td><td class="n">${(i % 17) + 1}</td><td class="n">${(i * 3.7).toFixed(2)}</td></tr>`;
  }
  return html;
}

export function invoice() {
  return {
    html: `<!doctype html><html><head>${style}</head><body>
      <h1>Invoice {{number}}</h1>
      <p>Billed to <b>{{customer.name}}</b>, {{customer.street}}, {{customer.city}}.</p>
      <table><thead><tr><th>#</th><th>Description</th><th class="n">Qty</th><th class="n">Amount</th></tr></thead>
      <tbody>{{#each items}}<tr><td>{{@index}}</td><td>{{description}}</td><td class="n">{{qty}}</td><td class="n">{{amount}}</td></tr>{{/each}}</tbody></table>
      <p style="text-align:right;font-weight:bold">Total {{total}} EUR</p></body></html>`,
    data: {
      number: 'INV-2026-0042',
      customer: { name: 'Halden Marine Services Ltd', street: '7 Quayside Road', city: 'Aberdeen' },
      items: Array.from({ length: 12 }, (_, i) => ({
        description: `Stainless hex bolt M${i + 4} × 40, box of 100`,
        qty: i + 1,
        amount: ((i + 1) * 18.4).toFixed(2),
      })),
      total: '1435.20',
    },
  };
}

export function letter() {
  const paragraph =
    'We are writing to confirm the terms of our agreement for the supply of precision components over the coming year. Deliveries will follow the schedule agreed in our meeting, and invoices will be issued at the end of each month with payment due within thirty days. ';
  return {
    html: `<!doctype html><html><head><style>body{font-family:Times New Roman,serif;font-size:12pt;line-height:1.5;text-align:justify}</style></head><body>
      <p>Dear {{name}},</p>${Array.from({ length: 9 }, () => `<p>${paragraph.repeat(3)}</p>`).join('')}<p>Yours sincerely,<br>Northwind Components</p></body></html>`,
    data: { name: 'Ms Halden' },
    header: '<div style="font-size:9pt;color:#666">Northwind Components GmbH · Industriestraße 14 · Stuttgart</div>',
    footer:
      '<div style="font-size:9pt;text-align:right">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
  };
}

export function report(rowCount) {
  return {
    html: `<!doctype html><html><head>${style}</head><body><h1>Quarterly report</h1>
      <table><thead><tr><th>#</th><th>Description</th><th class="n">Qty</th><th class="n">Amount</th></tr></thead>
      <tbody>${rows(rowCount)}</tbody></table></body></html>`,
    data: {},
    footer:
      '<div style="font-size:8pt;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
  };
}

// --- Workloads unlike the first four (issue 19): shaped as other people write documents. ---

const WORDS = (
  'the of committee reported that revenue growth across all regions remained steady while operating costs fell ' +
  'slightly owing to lower freight rates and a renegotiated lease for the northern warehouse which together with improved ' +
  'collection times gave the strongest cash position since the company was founded management expects the coming quarter ' +
  'to bring further investment in automation training and customer service'
).split(' ');

/** Deterministic prose: `count` words starting at word `seed`. */
function prose(seed, count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(WORDS[(seed * 7 + i * 13 + (i >> 3)) % WORDS.length]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `${out.join(' ')}.`;
}

/**
 * A text-heavy report of about 30 pages: six chapters of justified paragraphs with headings,
 * lists and a pull quote, then a 600-row ledger with a repeated header row; "Page X of Y"
 * in `@page` margin boxes (CSS Paged Media §5), not in a header template.
 */
export function longReport() {
  const chapters = Array.from({ length: 6 }, (_, c) => {
    const sections = Array.from(
      { length: 2 },
      (_, s) => `<h3>${c + 1}.${s + 1} ${prose(c * 3 + s, 4).slice(0, -1)}</h3>
      ${Array.from({ length: 3 }, (_, p) => `<p>${prose(c * 100 + s * 10 + p, 110 + ((c + p) % 4) * 15)}</p>`).join('')}
      <ul>${Array.from({ length: 4 }, (_, i) => `<li>${prose(c + s + i, 12)}</li>`).join('')}</ul>`,
    ).join('');
    return `<section class="chapter"><h2>Chapter ${c + 1}. ${prose(c, 5).slice(0, -1)}</h2>
      <p class="lead">${prose(c + 40, 60)}</p><blockquote>${prose(c + 50, 30)}</blockquote>${sections}</section>`;
  }).join('');
  return {
    html: `<!doctype html><html><head><style>
  @page { size: A4; margin: 22mm 18mm 24mm; @bottom-center { content: "Page " counter(page) " of " counter(pages); font: 8pt Georgia, serif; color: #555; } @top-right { content: "{{title}}"; font: italic 8pt Georgia, serif; color: #777; } }
  body { font: 10.5pt/1.45 Georgia, 'Times New Roman', serif; color: #1a1a1a; hyphens: manual; }
  h1 { font-size: 24pt; margin: 0 0 4mm; } h2 { font-size: 16pt; margin: 8mm 0 3mm; break-after: avoid; }
  h3 { font-size: 12pt; margin: 5mm 0 2mm; break-after: avoid; }
  p { text-align: justify; margin: 0 0 2.5mm; orphans: 2; widows: 2; } p.lead { font-size: 12pt; font-style: italic; }
  blockquote { margin: 4mm 10mm; padding-left: 4mm; border-left: 2pt solid #999; color: #444; }
  ul { margin: 2mm 0 3mm 6mm; } li { margin-bottom: 1mm; }
  .chapter + .chapter { break-before: page; }
  table.ledger { width: 100%; border-collapse: collapse; font: 8.5pt Arial, sans-serif; break-before: page; }
  .ledger th { text-align: left; border-bottom: 1.5pt solid #000; padding: 2pt 4pt; }
  .ledger td { padding: 2pt 4pt; border-bottom: 0.5pt solid #ccc; } .ledger .n { text-align: right; }
</style></head><body><h1>{{title}}</h1>${chapters}
<table class="ledger"><thead><tr><th>Date</th><th>Account</th><th>Memo</th><th class="n">Debit</th><th class="n">Credit</th><th class="n">Balance</th></tr></thead>
<tbody>{{#each ledger}}<tr><td>{{date}}</td><td>{{account}}</td><td>{{memo}}</td><td class="n">{{debit}}</td><td class="n">{{credit}}</td><td class="n">{{balance}}</td></tr>{{/each}}</tbody></table>
</body></html>`,
    data: {
      title: 'Annual Review 2026',
      ledger: Array.from({ length: 600 }, (_, i) => ({
        date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        account: ['4000 Sales', '5100 Freight', '6200 Rent', '1200 Receivables', '2100 Payables'][i % 5],
        memo: prose(i, 4 + (i % 3)),
        debit: i % 2 ? ((i * 41.3) % 9000).toFixed(2) : '',
        credit: i % 2 ? '' : ((i * 17.9) % 7000).toFixed(2),
        balance: (100000 + i * 12.34).toFixed(2),
      })),
    },
  };
}

/**
 * Web fonts for the designer's invoice, served on loopback (both Platen and Chromium fetch
 * them; Platen keeps the answer for 5 minutes, Chromium in its cache): Arimo's Medium and
 * SemiBold weights, which the bundled fonts do not include. Every process that imports the
 * workloads has its own server (unref'd: it keeps no process alive).
 */
const webFontBase = await (async () => {
  const require = createRequire(import.meta.url);
  const files = {
    '/brand-500.ttf': require.resolve('@expo-google-fonts/arimo/500Medium/Arimo_500Medium.ttf'),
    '/brand-600.ttf': require.resolve('@expo-google-fonts/arimo/600SemiBold/Arimo_600SemiBold.ttf'),
  };
  const bytes = Object.fromEntries(Object.entries(files).map(([path, file]) => [path, readFileSync(file)]));
  const server = createServer((request, response) => {
    const body = bytes[request.url];
    response.writeHead(body ? 200 : 404, {
      'content-type': 'font/ttf',
      'cache-control': 'max-age=3600',
      'access-control-allow-origin': '*',
    });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${server.address().port}`;
})();

/** An invoice as a designer writes it: a class per element, flex everywhere, zebra rows by :nth-child, a web font. */
export function designerInvoice() {
  const base = webFontBase;
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
  @font-face { font-family: 'Brand Sans'; font-weight: 500; src: url(${base}/brand-500.ttf) format('truetype'); }
  @font-face { font-family: 'Brand Sans'; font-weight: 600; src: url(${base}/brand-600.ttf) format('truetype'); }
  :root { --ink: #1d2433; --muted: #6b7385; --accent: #3b5bdb; --line: #e3e6ee; --zebra: #f6f7fb; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: 'Brand Sans', Arial, sans-serif; font-weight: 500; font-size: 9.5pt; color: var(--ink); }
  .page { padding: 4mm 2mm; }
  .masthead { display: flex; justify-content: space-between; align-items: flex-start; padding-bottom: 6mm; border-bottom: 2pt solid var(--accent); }
  .brand { display: flex; align-items: center; gap: 3mm; }
  .brand__mark { width: 12mm; height: 12mm; border-radius: 3mm; background: var(--accent); }
  .brand__name { font-size: 16pt; font-weight: 600; letter-spacing: 0.02em; }
  .brand__tagline { color: var(--muted); font-size: 8pt; }
  .doc-title { text-align: right; }
  .doc-title__label { font-size: 20pt; font-weight: 600; text-transform: uppercase; letter-spacing: 0.08em; color: var(--accent); }
  .doc-title__number { color: var(--muted); }
  .parties { display: flex; gap: 8mm; margin: 7mm 0; }
  .party { flex: 1; padding: 4mm; border: 1px solid var(--line); border-radius: 2mm; }
  .party__label { font-size: 7.5pt; text-transform: uppercase; letter-spacing: 0.1em; color: var(--muted); margin-bottom: 1.5mm; }
  .party__name { font-weight: 600; font-size: 10.5pt; }
  .party__line { color: var(--ink); }
  .meta { display: flex; justify-content: space-between; margin-bottom: 6mm; }
  .meta__item { display: flex; flex-direction: column; }
  .meta__key { font-size: 7.5pt; color: var(--muted); text-transform: uppercase; }
  .meta__value { font-weight: 600; }
  .items { width: 100%; border-collapse: collapse; }
  .items__head th { background: var(--ink); color: #fff; font-weight: 600; font-size: 8pt; text-align: left; padding: 2mm 3mm; }
  .items__row td { padding: 1.5mm 3mm; border-bottom: 1px solid var(--line); vertical-align: top; }
  .items__row:nth-child(even) td { background: var(--zebra); }
  .items__row:nth-child(3n+1) .items__sku { color: var(--accent); }
  .items__desc { font-weight: 600; } .items__sku { font-size: 7.5pt; color: var(--muted); }
  .num { text-align: right; white-space: nowrap; }
  .summary { display: flex; justify-content: space-between; margin-top: 6mm; gap: 10mm; }
  .notes { flex: 1; font-size: 8pt; color: var(--muted); line-height: 1.5; }
  .totals { width: 70mm; display: flex; flex-direction: column; gap: 1.5mm; }
  .totals__row { display: flex; justify-content: space-between; }
  .totals__row--grand { margin-top: 2mm; padding: 3mm; background: var(--accent); color: #fff; border-radius: 1.5mm; font-weight: 600; font-size: 12pt; }
  .footer { display: flex; justify-content: space-between; margin-top: 6mm; padding-top: 3mm; border-top: 1px solid var(--line); font-size: 7.5pt; color: var(--muted); }
  .footer__col { display: flex; flex-direction: column; }
</style></head><body><div class="page">
  <header class="masthead"><div class="brand"><div class="brand__mark"></div><div class="brand__text"><div class="brand__name">{{seller.name}}</div><div class="brand__tagline">{{seller.tagline}}</div></div></div>
    <div class="doc-title"><div class="doc-title__label">Invoice</div><div class="doc-title__number">№ {{number}}</div></div></header>
  <section class="parties">
    <div class="party party--from"><div class="party__label">From</div><div class="party__name">{{seller.name}}</div>{{#each seller.address}}<div class="party__line">{{this}}</div>{{/each}}</div>
    <div class="party party--to"><div class="party__label">Bill to</div><div class="party__name">{{buyer.name}}</div>{{#each buyer.address}}<div class="party__line">{{this}}</div>{{/each}}</div>
  </section>
  <section class="meta">{{#each meta}}<div class="meta__item"><span class="meta__key">{{key}}</span><span class="meta__value">{{value}}</span></div>{{/each}}</section>
  <table class="items"><thead class="items__head"><tr><th>Description</th><th class="num">Qty</th><th class="num">Unit</th><th class="num">Amount</th></tr></thead>
    <tbody>{{#each items}}<tr class="items__row"><td><div class="items__desc">{{name}}</div><div class="items__sku">SKU {{sku}}</div></td><td class="num">{{qty}}</td><td class="num">{{unit}}</td><td class="num">{{amount}}</td></tr>{{/each}}</tbody></table>
  <section class="summary"><div class="notes">{{notes}}</div>
    <div class="totals">{{#each totals}}<div class="totals__row"><span>{{label}}</span><span>{{value}}</span></div>{{/each}}
      <div class="totals__row totals__row--grand"><span>Total due</span><span>{{total}}</span></div></div></section>
  <footer class="footer"><div class="footer__col"><span>{{seller.name}}</span><span>VAT GB 123 4567 89</span></div><div class="footer__col"><span>IBAN GB29 NWBK 6016 1331 9268 19</span><span>BIC NWBKGB2L</span></div><div class="footer__col"><span>hello@lumen.studio</span><span>+44 20 7946 0958</span></div></footer>
</div></body></html>`,
    data: {
      number: '2026-0117',
      seller: {
        name: 'Lumen Studio',
        tagline: 'Brand & product design',
        address: ['Unit 4, 19 Vyner Street', 'London E2 9DG', 'United Kingdom'],
      },
      buyer: {
        name: 'Halden Marine Services Ltd',
        address: ['7 Quayside Road', 'Aberdeen AB11 5PW', 'United Kingdom'],
      },
      meta: [
        { key: 'Issued', value: '26 Nov 2026' },
        { key: 'Due', value: '26 Dec 2026' },
        { key: 'Project', value: 'Fleet livery refresh' },
        { key: 'PO', value: 'HM-88412' },
      ],
      items: Array.from({ length: 12 }, (_, i) => ({
        name:
          [
            'Discovery workshop',
            'Brand audit',
            'Logo refinement',
            'Livery concepts',
            'Colour system',
            'Typography licence',
          ][i % 6] + (i >= 6 ? ' (phase 2)' : ''),
        sku: `LS-${1000 + i * 7}`,
        qty: (i % 4) + 1,
        unit: `£${(180 + i * 45).toFixed(2)}`,
        amount: `£${(((i % 4) + 1) * (180 + i * 45)).toFixed(2)}`,
      })),
      notes:
        'Payment within 30 days by bank transfer. Please quote the invoice number as the payment reference. Late payments may incur interest at 4% above the Bank of England base rate.',
      totals: [
        { label: 'Subtotal', value: '£9,840.00' },
        { label: 'Discount', value: '−£240.00' },
        { label: 'VAT 20%', value: '£1,920.00' },
      ],
      total: '£11,520.00',
    },
    allowPrivateNetwork: true,
  };
}

/** An HTML e-mail's layout: nested 600px tables, attributes instead of CSS (bgcolor, cellpadding, align), inline styles, spacer cells. */
export function emailLayout() {
  const cell = 'style="font-family:Helvetica,Arial,sans-serif;font-size:14px;line-height:20px;color:#333333"';
  const product = (
    i,
  ) => `<td width="50%" valign="top" style="padding:10px"><table width="100%" cellpadding="0" cellspacing="0" border="0">
    <tr><td height="120" bgcolor="#${['e8f0fe', 'fde8e8', 'e8fdf0', 'fdf6e8'][i % 4]}" align="center" ${cell}><b>{{products.${i}.name}}</b></td></tr>
    <tr><td ${cell} style="padding-top:8px">{{products.${i}.blurb}}</td></tr>
    <tr><td align="left" style="padding-top:10px"><table cellpadding="0" cellspacing="0" border="0"><tr><td bgcolor="#1a73e8" style="border-radius:4px;padding:8px 16px"><a href="https://example.com/p/${i}" style="color:#ffffff;font-family:Helvetica,Arial,sans-serif;font-size:13px;text-decoration:none;font-weight:bold">Shop now &rarr;</a></td></tr></table></td></tr></table></td>`;
  const rows = Array.from({ length: 4 }, (_, r) => `<tr>${product(r * 2)}${product(r * 2 + 1)}</tr>`).join('');
  return {
    html: `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><style type="text/css">body{margin:0;padding:0}table{border-collapse:collapse}img{border:0;display:block}</style></head>
<body bgcolor="#f2f3f5"><table width="100%" bgcolor="#f2f3f5" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" style="padding:20px 0">
<table width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:600px">
  <tr><td bgcolor="#202124" style="padding:18px 24px"><table width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
    <td style="font-family:Georgia,serif;font-size:24px;color:#ffffff">{{shop}}</td>
    <td align="right" style="font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#bbbbbb">{{date}} &middot; <a href="https://example.com/web" style="color:#bbbbbb">View online</a></td></tr></table></td></tr>
  <tr><td style="padding:28px 24px 8px"><h1 style="margin:0;font-family:Georgia,serif;font-size:28px;line-height:34px;color:#202124">{{headline}}</h1></td></tr>
  <tr><td ${cell} style="padding:0 24px 16px">{{intro}}</td></tr>
  <tr><td style="padding:0 14px"><table width="100%" cellpadding="0" cellspacing="0" border="0">${rows}</table></td></tr>
  <tr><td style="padding:16px 24px"><table width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td height="1" bgcolor="#dddddd" style="font-size:1px;line-height:1px">&nbsp;</td></tr></table></td></tr>
  <tr><td align="center" style="padding:0 24px 24px;font-family:Helvetica,Arial,sans-serif;font-size:11px;line-height:16px;color:#888888">{{footer}}<br><a href="https://example.com/unsubscribe" style="color:#888888">Unsubscribe</a> &middot; <a href="https://example.com/prefs" style="color:#888888">Preferences</a></td></tr>
</table></td></tr></table></body></html>`,
    data: {
      shop: 'Northwind Outfitters',
      date: '26 November 2026',
      headline: 'Winter gear, 20% off this week',
      intro:
        'Cold mornings are here. Our technical layers, boots and packs are built for the trail and the commute alike, and this week every one of them is a fifth off for members.',
      products: Array.from({ length: 8 }, (_, i) => ({
        name: [
          'Alpine Shell',
          'Ridge Boot',
          'Fjord Pack 30',
          'Thermal Base',
          'Summit Gloves',
          'Glacier Beanie',
          'Trail Poles',
          'Bivy Mat',
        ][i],
        blurb: prose(i, 18),
      })),
      footer:
        'Northwind Outfitters Ltd · 14 Harbour Street · Bergen. You receive this e-mail because you are a member.',
    },
  };
}

/** A two-column résumé: a grid with a shaded sidebar, skill bars, a timeline of jobs with bullet lists. */
export function resume() {
  return {
    html: `<!doctype html><html><head><style>
  @page { size: A4; margin: 0; }
  body { margin: 0; font: 9.5pt/1.4 'Helvetica Neue', Helvetica, Arial, sans-serif; color: #2b2b2b; }
  .cv { display: grid; grid-template-columns: 68mm 1fr; min-height: 297mm; }
  .side { background: #22313f; color: #e8edf2; padding: 14mm 8mm; }
  .side h1 { font-size: 20pt; line-height: 1.1; margin: 0 0 2mm; color: #fff; } .side .role { color: #9fb3c8; margin-bottom: 8mm; }
  .side h2 { font-size: 9pt; text-transform: uppercase; letter-spacing: 0.15em; color: #9fb3c8; margin: 7mm 0 2.5mm; }
  .contact div { margin-bottom: 1.5mm; }
  .skill { margin-bottom: 2.5mm; } .skill .bar { height: 1.6mm; background: #3d5366; border-radius: 1mm; margin-top: 0.8mm; }
  .skill .fill { height: 100%; background: #5fb3a1; border-radius: 1mm; }
  .langs span { display: inline-block; border: 1px solid #5fb3a1; border-radius: 3mm; padding: 0.5mm 2mm; margin: 0 1mm 1.5mm 0; font-size: 8pt; }
  .main { padding: 14mm 12mm; }
  .main h2 { font-size: 12pt; color: #22313f; border-bottom: 1.5pt solid #5fb3a1; padding-bottom: 1mm; margin: 0 0 4mm; }
  .main section + section { margin-top: 7mm; }
  .summary { text-align: justify; }
  .job { position: relative; padding-left: 5mm; margin-bottom: 4.5mm; border-left: 1pt solid #cfd8df; }
  .job::before { content: ''; position: absolute; left: -1.6mm; top: 1mm; width: 2.4mm; height: 2.4mm; border-radius: 50%; background: #5fb3a1; }
  .job header { display: flex; justify-content: space-between; align-items: baseline; }
  .job .title { font-weight: bold; font-size: 10.5pt; } .job .when { color: #7a8793; font-size: 8.5pt; white-space: nowrap; }
  .job .org { color: #5b6b78; font-style: italic; margin-bottom: 1mm; }
  .job ul { margin: 1mm 0 0; padding-left: 4mm; } .job li { margin-bottom: 0.6mm; }
  .edu { display: flex; justify-content: space-between; margin-bottom: 2mm; }
</style></head><body><div class="cv">
<aside class="side"><h1>{{name}}</h1><div class="role">{{role}}</div>
  <h2>Contact</h2><div class="contact">{{#each contact}}<div>{{this}}</div>{{/each}}</div>
  <h2>Skills</h2>{{#each skills}}<div class="skill">{{name}}<div class="bar"><div class="fill" style="width: {{level}}%"></div></div></div>{{/each}}
  <h2>Languages</h2><div class="langs">{{#each languages}}<span>{{this}}</span>{{/each}}</div>
  <h2>Interests</h2><div>{{interests}}</div></aside>
<main class="main"><section><h2>Profile</h2><p class="summary">{{summary}}</p></section>
  <section><h2>Experience</h2>{{#each jobs}}<article class="job"><header><span class="title">{{title}}</span><span class="when">{{when}}</span></header><div class="org">{{org}}</div>
    <ul>{{#each points}}<li>{{this}}</li>{{/each}}</ul></article>{{/each}}</section>
  <section><h2>Education</h2>{{#each education}}<div class="edu"><span><b>{{degree}}</b>, {{school}}</span><span>{{when}}</span></div>{{/each}}</section></main>
</div></body></html>`,
    data: {
      name: 'Ingrid Sørensen',
      role: 'Senior Operations Manager',
      contact: ['ingrid.sorensen@example.com', '+47 912 34 567', 'Bergen, Norway', 'linkedin.com/in/isorensen'],
      skills: [
        'Supply chain planning',
        'Lean operations',
        'Budgeting',
        'Team leadership',
        'SAP S/4HANA',
        'Negotiation',
      ].map((name, i) => ({ name, level: 95 - i * 8 })),
      languages: ['Norwegian', 'English', 'German', 'Swedish'],
      interests: 'Sailing, long-distance running, restoring wooden boats.',
      summary: prose(3, 70),
      jobs: Array.from({ length: 5 }, (_, j) => ({
        title: ['Head of Operations', 'Operations Manager', 'Logistics Lead', 'Supply Planner', 'Graduate Analyst'][j],
        org: ['Halden Marine Services', 'Fjordline Freight AS', 'Nordkapp Logistics', 'Vestland Foods', 'Statoil'][j],
        when: `${2024 - j * 4} – ${j === 0 ? 'present' : 2028 - j * 4}`,
        points: Array.from({ length: 4 - (j >> 1) }, (_, k) => prose(j * 5 + k, 14 + k * 3)),
      })),
      education: [
        { degree: 'MSc Logistics', school: 'NHH Norwegian School of Economics', when: '2008' },
        { degree: 'BSc Industrial Engineering', school: 'NTNU', when: '2006' },
      ],
    },
  };
}

export const workloads = [
  { name: 'invoice (1 page)', options: invoice() },
  { name: 'letter (2 pages, header/footer)', options: letter() },
  { name: 'report (600 rows)', options: report(600) },
  { name: 'report (6000 rows)', options: report(6000) },
  { name: 'designer invoice (web font, flex, :nth-child)', options: designerInvoice() },
  { name: 'e-mail table layout', options: emailLayout() },
  { name: 'résumé (grid, two columns)', options: resume() },
  { name: 'long report (~30 pages, margin boxes)', options: longReport() },
];
