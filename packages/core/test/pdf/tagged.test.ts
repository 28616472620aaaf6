import { describe, expect, it } from 'vitest';
import { InvalidOptionError, render } from '../../src/index.js';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { catalog, pageContents, pdfinfo, qpdfCheck, qpdfObjects, tool, xmp } from './pdf-tools.js';
import { pdfText } from '../paint/poppler.js';

const RED_DOT = `data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='10' height='10' fill='red'/></svg>`;
const HTML = `<!doctype html><html lang="de-CH"><head><title>Bericht</title></head><body>
<h1>Bericht</h1><p>Erster <a href="https://example.com/">Link</a> Absatz.</p>
<ol><li>Eins</li><li>Zwei</li></ol>
<table><thead><tr><th scope="col">Name</th><th scope="row">Wert</th></tr></thead><tbody><tr><td>A</td><td>1</td></tr></tbody></table>
<h2>Bild</h2><img alt="Roter Punkt" width="20" height="20" src="${RED_DOT}">
<div style="break-before: page"><p>Lang ${'lang '.repeat(10)}</p></div>
</body></html>`;

type Objects = ReturnType<typeof qpdfObjects>;

/** The structure tree as qpdf reads it: each element as "S" (with /Alt, /Scope), nested by two spaces. */
function structure(objects: Objects): string[] {
  const value = (ref: unknown): Record<string, unknown> =>
    objects[`obj:${String(ref)}`]!.value as Record<string, unknown>;
  const root = value(catalog(objects)['/StructTreeRoot']);
  const out: string[] = [];
  const walk = (ref: unknown, depth: number): void => {
    const e = value(ref);
    let line = '  '.repeat(depth) + String(e['/S']).slice(1);
    if (e['/Alt']) line += ` alt=${String(e['/Alt']).replace(/^u:/, '')}`;
    const a = e['/A'] as Record<string, unknown> | undefined;
    if (a?.['/Scope']) line += ` scope=${String(a['/Scope']).slice(1)}`;
    out.push(line);
    for (const k of [e['/K']].flat()) if (typeof k === 'string') walk(k, depth + 1);
  };
  for (const k of [root['/K']].flat()) walk(k, 0);
  return out;
}

/** Every marked-content reference of the tree, as page object and MCID. */
function markedContent(objects: Objects): { page: string; mcid: number; parent: string }[] {
  const out: { page: string; mcid: number; parent: string }[] = [];
  for (const [key, o] of Object.entries(objects)) {
    const v = o.value as Record<string, unknown> | undefined;
    if (v?.['/Type'] !== '/StructElem') continue;
    for (const k of [v['/K']].flat()) {
      const mcr = k as Record<string, unknown>;
      if (typeof k === 'number') out.push({ page: String(v['/Pg']), mcid: k, parent: key.slice(4) });
      else if (typeof k === 'object' && mcr['/Type'] === '/MCR')
        out.push({ page: String(mcr['/Pg']), mcid: Number(mcr['/MCID']), parent: key.slice(4) });
    }
  }
  return out;
}

describe('pdf.tagged: a structure tree from the HTML (pdfinfo, qpdf --json, pdftotext)', () => {
  it('marks the file tagged, with its language and its title shown', async () => {
    const pdf = await render({ html: HTML, pdf: { tagged: true } });
    expect(pdfinfo(pdf)['Tagged']).toBe('yes');
    expect(qpdfCheck(pdf).status).toBe(0);
    const objects = qpdfObjects(pdf);
    const cat = catalog(objects);
    expect(cat['/Lang']).toBe('u:de-CH');
    const value = (ref: unknown): Record<string, unknown> =>
      objects[`obj:${String(ref)}`]!.value as Record<string, unknown>;
    expect(value(cat['/MarkInfo'])['/Marked']).toBe(true);
    expect(value(cat['/ViewerPreferences'])['/DisplayDocTitle']).toBe(true);
  });

  it('nests headings, paragraphs, links, lists, tables and figures in document order', async () => {
    const objects = qpdfObjects(await render({ html: HTML, pdf: { tagged: true } }));
    expect(structure(objects)).toEqual([
      'Document',
      '  H1',
      '  P',
      '    Link',
      '  L',
      '    LI',
      '      Lbl',
      '      LBody',
      '    LI',
      '      Lbl',
      '      LBody',
      '  Table',
      '    THead',
      '      TR',
      '        TH scope=Column',
      '        TH scope=Row',
      '    TBody',
      '      TR',
      '        TD',
      '        TD',
      '  H2',
      '  Figure alt=Roter Punkt',
      '  Div',
      '    P',
    ]);
  });

  it('maps every MCID back to its element through the parent tree, and links through their annotation', async () => {
    const objects = qpdfObjects(await render({ html: HTML, pdf: { tagged: true } }));
    const value = (ref: unknown): Record<string, unknown> =>
      objects[`obj:${String(ref)}`]!.value as Record<string, unknown>;
    const root = value(catalog(objects)['/StructTreeRoot']);
    const nums = (root['/ParentTree'] as { '/Nums': unknown[] })['/Nums'];
    const tree = new Map<number, unknown>();
    for (let i = 0; i < nums.length; i += 2) tree.set(Number(nums[i]), nums[i + 1]);
    const refs = markedContent(objects);
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) {
      const entry = tree.get(Number(value(r.page)['/StructParents'])) as string[];
      expect(entry[r.mcid]).toBe(r.parent);
    }
    // Two pages, each with its own entry.
    expect(new Set(refs.map((r) => r.page)).size).toBe(2);
    const annot = Object.values(objects)
      .map((o) => o.value as Record<string, unknown> | undefined)
      .find((v) => v?.['/Subtype'] === '/Link')!;
    expect(value(tree.get(Number(annot['/StructParent'])))['/S']).toBe('/Link');
  });

  it('keeps an element split across pages one element, and the text in reading order', async () => {
    const long = `<!doctype html><html lang="en"><body><p>${Array.from({ length: 1500 }, (_, i) => `w${i}`).join(' ')}</p></body></html>`;
    const pdf = await render({ html: long, pdf: { tagged: true } });
    expect(Number(pdfinfo(pdf)['Pages'])).toBeGreaterThan(1);
    const objects = qpdfObjects(pdf);
    expect(structure(objects)).toEqual(['Document', '  P']);
    expect(new Set(markedContent(objects).map((r) => r.page)).size).toBeGreaterThan(1);
    expect(pdfText(pdf).split(/\s+/).filter(Boolean)).toEqual(Array.from({ length: 1500 }, (_, i) => `w${i}`));
  });

  it('leaves the text poppler extracts as it was', async () => {
    const plain = pdfText(await render({ html: HTML, pdf: { tagged: false } }));
    expect(pdfText(await render({ html: HTML }))).toBe(plain);
  });
});

describe('pdf.standard "pdf/ua-1": tagged, titled, with a language and alt text (pdfinfo, qpdf, XMP)', () => {
  it('writes a tagged PDF 1.7 with the pdfuaid schema, and no PDF/A output intent', async () => {
    const pdf = await render({ html: HTML, pdf: { standard: 'pdf/ua-1' } });
    const info = pdfinfo(pdf);
    expect(info['Tagged']).toBe('yes');
    expect(info['PDF version']).toBe('1.7');
    const { text, parsed } = xmp(pdf);
    expect(parsed).toBeTruthy();
    expect(text).toMatch(
      /xmlns:pdfuaid="http:\/\/www\.aiim\.org\/pdfua\/ns\/id\/"[^>]*>\s*<pdfuaid:part>1<\/pdfuaid:part>/,
    );
    const cat = catalog(qpdfObjects(pdf));
    expect(cat['/OutputIntents']).toBeUndefined();
    expect(cat['/Lang']).toBe('u:de-CH');
  });

  it('refuses a document without a title, a language, or an image without alt; alt="" is decorative', async () => {
    const refused = async (html: string): Promise<InvalidOptionError> => {
      const e = await render({ html, pdf: { standard: 'pdf/ua-1' } }).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(InvalidOptionError);
      return e as InvalidOptionError;
    };
    expect((await refused('<html lang="en"><body><p>x</p></body></html>')).param).toBe('pdf.metadata.title');
    expect((await refused('<html><title>T</title><body><p>x</p></body></html>')).param).toBe('pdf.metadata.language');
    const noAlt = await refused(`<html lang="en"><title>T</title><body><img src="${RED_DOT}"></body></html>`);
    expect(noAlt.param).toBe('pdf.standard');
    expect(noAlt.message).toMatch(/no alt attribute/);
    const pdf = await render({
      html: `<html lang="en"><title>T</title><body><p>x</p><img alt="" src="${RED_DOT}"></body></html>`,
      pdf: { standard: 'pdf/ua-1' },
    });
    expect(structure(qpdfObjects(pdf))).toEqual(['Document', '  P']);
  });
});

describe('pdf.tagged: inline SVG figures', () => {
  it("gives {{qrcode}}'s SVG its aria-label as the Figure's /Alt", async () => {
    const pdf = await render({
      html: '<html lang="en"><title>Q</title><body><p>Code:</p>{{qrcode "hello" size="30mm"}}</body></html>',
      pdf: { standard: 'pdf/ua-1' },
    });
    expect(structure(qpdfObjects(pdf))).toEqual(['Document', '  P', '  Figure alt=hello']);
  });
});

describe('tagged by default, small (qpdf, pdfinfo)', () => {
  it('tags unless pdf.tagged is false, which PDF/UA-1 and PDF/A level A refuse', async () => {
    expect(pdfinfo(await render({ html: HTML }))['Tagged']).toBe('yes');
    const untagged = await render({ html: HTML, pdf: { tagged: false } });
    expect(pdfinfo(untagged)['Tagged']).toBe('no');
    expect(catalog(qpdfObjects(untagged))['/StructTreeRoot']).toBeUndefined();
    for (const standard of ['pdf/ua-1', 'pdf/a-2a', 'pdf/a-3a'] as const) {
      const e = await render({ html: HTML, pdf: { standard, tagged: false } }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(InvalidOptionError);
      expect((e as InvalidOptionError).param).toBe('pdf.tagged');
    }
  });

  it('gives elements named like Object.prototype members no structure type of their own', async () => {
    const html = '<p>a</p><constructor>b</constructor><tostring>c</tostring><div><__proto__>d</__proto__></div>';
    const pdf = await render({ html });
    expect(qpdfCheck(pdf).stdout).toMatch(/No syntax or stream encoding errors/);
    expect(structure(qpdfObjects(pdf))).toEqual(['Document', '  P', '  Div']);
  });

  it('packs the structure tree into object streams listed by a cross-reference stream (hybrid file)', async () => {
    const pdf = await render({ html: HTML });
    expect(qpdfCheck(pdf).stdout).toMatch(/No syntax or stream encoding errors/);
    const objects = qpdfObjects(pdf);
    const rootRef = String(catalog(objects)['/StructTreeRoot']);
    // qpdf --show-xref: the tree's objects are "compressed" entries of an object stream.
    const xref = withTemp(pdf, (path) => tool('qpdf', ['--show-xref', path]).stdout);
    expect(xref).toMatch(new RegExp(`^${rootRef.split(' ')[0]}/0: compressed; stream = \\d+, index = \\d+$`, 'm'));
    const elements = Object.values(objects).filter(
      (o) => (o.value as Record<string, unknown> | undefined)?.['/Type'] === '/StructElem',
    );
    expect(elements.length).toBeGreaterThan(20);
    const compressed = xref.split('\n').filter((l) => l.includes('compressed')).length;
    expect(compressed).toBeGreaterThanOrEqual(elements.length + 1);
  });

  it('costs at most a fifth more bytes on a corpus invoice (a table of items)', async () => {
    const dir = new URL('../../../../test/corpus/invoice-table/', import.meta.url);
    const options = {
      html: readFileSync(new URL('template.html', dir), 'utf8'),
      data: JSON.parse(readFileSync(new URL('data.json', dir), 'utf8')) as Record<string, unknown>,
      format: JSON.parse(readFileSync(new URL('format.json', dir), 'utf8')) as Record<string, unknown>,
      baseDir: dir.pathname,
    };
    const tagged = await render(options);
    const untagged = await render({ ...options, pdf: { tagged: false } });
    expect(pdfinfo(tagged)['Tagged']).toBe('yes');
    // One object per element and no object streams made it 1.74 times as large.
    expect(tagged.length / untagged.length).toBeLessThan(1.2);
  });
});

describe('tagged content: what PDF/UA-1 asks beyond the tree (qpdf --qdf, --json)', () => {
  const html = `<!doctype html><html lang="en"><head><title>T</title></head><body>
<p style="text-align: justify; width: 200px">Some <u>underlined</u> words and <span lang="fr">quelques mots</span> in one paragraph that is long enough to wrap twice over.</p>
<p><a href="https://example.com/x">Read more</a></p>
<table><tr><th>Item</th><th>Price</th></tr><tr><th>Tea</th><td>3</td></tr></table>
<p style="text-shadow: 1px 1px red">Shadow</p></body></html>`;

  it("paints underlines and text shadows as artifacts outside the text's marked content", async () => {
    const content = pageContents(await render({ html }))[0]!;
    // Between a BDC and its EMC: glyphs only, no path (re, f) and no nested artifact.
    for (const m of content.matchAll(/<<\/MCID \d+>> BDC\n([\s\S]*?)\nEMC/g)) {
      expect(m[1]).not.toMatch(/\b(re|f|Artifact)\b/);
    }
    expect(content).toMatch(/\/Artifact BMC\n[^\n]* re\n/);
    // The shadow's glyphs are drawn twice: once as an artifact, once tagged.
    expect(content.match(/\/P <<\/MCID \d+>> BDC/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it('gives the words and lines of one paragraph one marked content on a page', async () => {
    const paragraph = `<!doctype html><html lang="en"><body><p style="width: 150px; text-align: justify">Plain words, <em>emphasis</em>, <b>bold</b> and more words that wrap over several lines.</p></body></html>`;
    const content = pageContents(await render({ html: paragraph }))[0]!;
    expect(content.match(/\/P <<\/MCID \d+>> BDC/g)).toEqual(['/P <</MCID 0>> BDC']);
    expect(content.match(/\bBT\b/g)).toHaveLength(1);
  });

  it('scopes header cells without scope as HTML does, names a language change, describes links', async () => {
    const objects = qpdfObjects(await render({ html }));
    const elements = Object.values(objects)
      .map((o) => o.value as Record<string, unknown> | undefined)
      .filter((v) => v?.['/Type'] === '/StructElem');
    const scopes = elements.filter((e) => e['/S'] === '/TH').map((e) => (e['/A'] as Record<string, unknown>)['/Scope']);
    expect(scopes).toEqual(['/Column', '/Column', '/Row']);
    expect(elements.find((e) => e['/S'] === '/Span')?.['/Lang']).toBe('u:fr');
    const annot = Object.values(objects)
      .map((o) => o.value as Record<string, unknown> | undefined)
      .find((v) => v?.['/Subtype'] === '/Link')!;
    expect(annot['/Contents']).toBe('u:Read more');
  });
});

function withTemp<T>(pdf: Uint8Array, use: (path: string) => T): T {
  const path = `${process.env.TMPDIR ?? '/tmp'}/platen-tagged-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`;
  writeFileSync(path, pdf);
  try {
    return use(path);
  } finally {
    rmSync(path, { force: true });
  }
}
