// Realistic workloads, generated so that the benchmark needs no fixtures.

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
      items: Array.from({ length: 12 }, (_, i) => ({ description: `Stainless hex bolt M${i + 4} × 40, box of 100`, qty: i + 1, amount: ((i + 1) * 18.4).toFixed(2) })),
      total: '1435.20',
    },
  };
}

export function letter() {
  const paragraph = 'We are writing to confirm the terms of our agreement for the supply of precision components over the coming year. Deliveries will follow the schedule agreed in our meeting, and invoices will be issued at the end of each month with payment due within thirty days. ';
  return {
    html: `<!doctype html><html><head><style>body{font-family:Times New Roman,serif;font-size:12pt;line-height:1.5;text-align:justify}</style></head><body>
      <p>Dear {{name}},</p>${Array.from({ length: 9 }, () => `<p>${paragraph.repeat(3)}</p>`).join('')}<p>Yours sincerely,<br>Northwind Components</p></body></html>`,
    data: { name: 'Ms Halden' },
    header: '<div style="font-size:9pt;color:#666">Northwind Components GmbH · Industriestraße 14 · Stuttgart</div>',
    footer: '<div style="font-size:9pt;text-align:right">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
  };
}

export function report(rowCount) {
  return {
    html: `<!doctype html><html><head>${style}</head><body><h1>Quarterly report</h1>
      <table><thead><tr><th>#</th><th>Description</th><th class="n">Qty</th><th class="n">Amount</th></tr></thead>
      <tbody>${rows(rowCount)}</tbody></table></body></html>`,
    data: {},
    footer: '<div style="font-size:8pt;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
  };
}

export const workloads = [
  { name: 'invoice (1 page)', options: invoice() },
  { name: 'letter (2 pages, header/footer)', options: letter() },
  { name: 'report (600 rows)', options: report(600) },
  { name: 'report (6000 rows)', options: report(6000) },
];
