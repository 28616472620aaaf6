// The request mix of the load test: every kind of request the 50 clients send, with its
// weight, the answer it must get and whether DECISIONS.md ("Logging") says it gets a row in
// the render log. Each kind that carries a key gets its own API key, so the log can be
// checked kind by kind (rows are counted per api_key_id).
import { invoice, letter, report } from '../workloads.mjs';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const json = { 'content-type': 'application/json' };
const render = (body) => ({ method: 'POST', path: '/api/v1/render', headers: json, body: JSON.stringify(body) });

/** A JSON body one byte over the 10 MiB limit: an html string of filler. */
function oversizedBody() {
  const frame = '{"html":""}';
  return Buffer.from(`{"html":"${'x'.repeat(MAX_BODY_BYTES + 1 - frame.length)}"}`);
}

/** `{{#each}}` nested four deep over 100 items: 10⁸ paragraphs, stopped by the 20 MiB output budget. */
const explosive = `{{#each a}}{{#each @root.a}}{{#each @root.a}}{{#each @root.a}}<p>{{this}} expanding past the output budget</p>{{/each}}{{/each}}{{/each}}{{/each}}`;

/**
 * log: 'success' | 'error' | null (no row). expect: the status and error code (null for success).
 * key: 'own' (a full_access key of its own), 'render_only', or null (no Authorization header).
 */
export function buildMix(templates) {
  const inv = invoice();
  const let_ = letter();
  const rows = reportRows(150);
  const oversized = oversizedBody();
  return [
    {
      name: 'template invoice, binary',
      weight: 14,
      log: 'success',
      expect: [200, null],
      delivery: 'binary',
      request: () => render({ template_id: templates.invoice, data: inv.data }),
    },
    {
      name: 'template letter (header/footer), base64',
      weight: 10,
      log: 'success',
      expect: [200, null],
      delivery: 'base64',
      request: () => render({ template_id: templates.letter, data: let_.data, delivery: 'base64' }),
    },
    {
      name: 'template report (multi-page), url',
      weight: 6,
      log: 'success',
      expect: [200, null],
      delivery: 'url',
      request: () => render({ template_id: templates.report, data: { rows }, delivery: 'url' }),
    },
    {
      name: 'raw html invoice, binary',
      weight: 10,
      log: 'success',
      expect: [200, null],
      delivery: 'binary',
      request: () => render({ html: inv.html, data: inv.data, format: { preset: 'letter' } }),
    },
    {
      name: 'raw html letter, base64',
      weight: 6,
      log: 'success',
      expect: [200, null],
      delivery: 'base64',
      request: () =>
        render({
          html: let_.html,
          data: let_.data,
          delivery: 'base64',
          format: { preset: 'a4', margins: { top: '25mm' } },
        }),
    },
    {
      name: 'raw html invoice, url',
      weight: 4,
      log: 'success',
      expect: [200, null],
      delivery: 'url',
      request: () => render({ html: inv.html, data: inv.data, delivery: 'url' }),
    },
    {
      name: 'missing template',
      weight: 6,
      log: 'error',
      expect: [404, 'missing_template'],
      request: () => render({ template_id: 'tmpl_00000000000000000000000000', data: {} }),
    },
    {
      name: 'bad preset',
      weight: 6,
      log: 'error',
      expect: [400, 'invalid_parameter'],
      request: () => render({ html: '<p>x</p>', format: { preset: 'a5' } }),
    },
    {
      name: 'template syntax error',
      weight: 6,
      log: 'error',
      expect: [400, 'template_syntax_error'],
      request: () => render({ html: '<p>{{#each items}}{{name}}</p>', data: { items: [] } }),
    },
    {
      name: 'neither template_id nor html',
      weight: 3,
      log: 'error',
      expect: [400, 'missing_parameter'],
      request: () => render({ data: { a: 1 } }),
    },
    {
      name: 'expanded html over 20 MiB',
      weight: 0.5,
      log: 'error',
      expect: [422, 'document_too_large'],
      request: () => render({ html: explosive, data: { a: Array.from({ length: 100 }, (_, i) => i) } }),
    },
    {
      name: 'invalid json',
      weight: 6,
      log: null,
      expect: [400, 'invalid_json'],
      request: () => ({ method: 'POST', path: '/api/v1/render', headers: json, body: '{"html": "<p>x</p>",' }),
    },
    {
      name: 'json nested 70 deep',
      weight: 3,
      log: null,
      expect: [400, 'nesting_too_deep'],
      request: () => ({
        method: 'POST',
        path: '/api/v1/render',
        headers: json,
        body: `{"html":"<p>x</p>","data":${'{"a":'.repeat(70)}1${'}'.repeat(70)}}`,
      }),
    },
    {
      name: 'body over 10 MiB (content-length)',
      weight: 0.5,
      log: null,
      expect: [413, 'payload_too_large'],
      fresh: true,
      request: () => ({ method: 'POST', path: '/api/v1/render', headers: json, body: oversized }),
    },
    {
      name: 'body over 10 MiB (chunked)',
      weight: 0.5,
      log: null,
      expect: [413, 'payload_too_large'],
      fresh: true,
      chunked: true,
      request: () => ({ method: 'POST', path: '/api/v1/render', headers: json, body: oversized }),
    },
    {
      name: 'wrong content type',
      weight: 5,
      log: null,
      expect: [415, 'unsupported_media_type'],
      request: () => ({
        method: 'POST',
        path: '/api/v1/render',
        headers: { 'content-type': 'text/plain' },
        body: '<p>hello</p>',
      }),
    },
    {
      name: 'unknown route',
      weight: 4,
      log: null,
      expect: [404, 'resource_not_found'],
      request: () => ({ ...render({ html: '<p>x</p>' }), path: '/api/v1/renderz' }),
    },
    {
      name: 'no key',
      weight: 4,
      log: null,
      expect: [401, 'unauthorized'],
      key: null,
      request: () => render({ html: '<p>x</p>' }),
    },
    {
      name: 'unknown key',
      weight: 2,
      log: null,
      expect: [401, 'unauthorized'],
      key: null,
      request: () => ({
        ...render({ html: '<p>x</p>' }),
        headers: { ...json, authorization: 'Bearer platen_live_0000000000000000000000000000000a' },
      }),
    },
    {
      name: 'render_only key on /logs',
      weight: 2,
      log: null,
      expect: [403, 'insufficient_permissions'],
      key: 'render_only',
      request: () => ({ method: 'GET', path: '/api/v1/logs?limit=1', headers: {}, body: null }),
    },
  ].map((kind) => ({ key: 'own', ...kind }));
}

/** The three stored templates: invoice with a table, letter with header/footer components, a multi-page report. */
export function templateBodies() {
  const inv = invoice();
  const let_ = letter();
  const rep = report(0);
  return {
    invoice: { name: 'Load invoice', html: inv.html, sample_data: inv.data },
    letter: { name: 'Load letter', html: let_.html, sample_data: let_.data, header: let_.header, footer: let_.footer },
    report: { name: 'Load report', html: reportTemplate, footer: rep.footer, pdf_format: { preset: 'a4-landscape' } },
  };
}

/** The report as a Handlebars template over `rows` (built by `reportRows`), so its data varies in size. */
const reportTemplate = report(0).html.replace(
  '<tbody></tbody>',
  '<tbody>{{#each rows}}<tr><td>{{n}}</td><td>{{description}}</td><td class="n">{{qty}}</td><td class="n">{{amount}}</td></tr>{{/each}}</tbody>',
);

export function reportRows(count) {
  return Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    description: `Item ${i + 1}: stainless fastener, grade A${i % 5}`,
    qty: (i % 17) + 1,
    amount: ((i + 1) * 3.7).toFixed(2),
  }));
}
