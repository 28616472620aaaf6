// HTTP set-up and read-back of the load test: components and templates created through the
// API with a full_access key, and the whole render log read back page by page.

async function call(url, key, method, path, body) {
  const res = await fetch(new URL(path, url), {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const value = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(value)}`);
  return value;
}

/** Create the header/footer components and the three templates; returns template IDs by name. */
export async function setUp(url, key, bodies) {
  const header = await call(url, key, 'POST', '/api/v1/components', {
    name: 'Letter header',
    type: 'header',
    html: bodies.letter.header,
  });
  const footer = await call(url, key, 'POST', '/api/v1/components', {
    name: 'Page footer',
    type: 'footer',
    html: bodies.letter.footer,
  });
  const { header: _h, footer: _f, ...letter } = bodies.letter;
  const { footer: _r, ...report } = bodies.report;
  const ids = {};
  ids.invoice = (await call(url, key, 'POST', '/api/v1/templates', bodies.invoice)).id;
  ids.letter = (
    await call(url, key, 'POST', '/api/v1/templates', {
      ...letter,
      header_component_id: header.id,
      footer_component_id: footer.id,
    })
  ).id;
  ids.report = (await call(url, key, 'POST', '/api/v1/templates', { ...report, footer_component_id: footer.id })).id;
  return ids;
}

/** Create one template; returns its ID. */
export const createTemplate = async (url, key, body) => (await call(url, key, 'POST', '/api/v1/templates', body)).id;

/** Every row of the render log, following `next_cursor` 100 rows at a time. */
export async function fetchLog(url, key) {
  const rows = [];
  let cursor = null;
  do {
    const page = await call(
      url,
      key,
      'GET',
      `/api/v1/logs?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    rows.push(...page.data);
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor);
  return rows;
}
