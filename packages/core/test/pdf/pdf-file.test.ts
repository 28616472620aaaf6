import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError, render, renderDocument, type PdfOptions } from '../../src/index.js';
import { rasterise } from '../paint/poppler.js';
import { catalog, pdfdetach, pdfinfo, pdfsig, qpdfCheck, qpdfEncryption, qpdfObjects, xmp } from './pdf-tools.js';

const HTML = `<!doctype html><html lang="de-CH"><head><title>Rechnung &amp; Co</title>
<meta name="author" content="Anna Müller"><meta name="description" content="Eine Rechnung"><meta name="keywords" content="rechnung, 2026">
</head><body><h1>Rechnung</h1><p>Hallo <a href="https://example.com/">Link</a></p></body></html>`;
const INVOICE_XML = readFileSync(new URL('./invoice-en16931.xml', import.meta.url), 'utf8');
const b64 = (s: string) => Buffer.from(s).toString('base64');
/** A self-signed test certificate (openssl req -x509, RSA 2048, SHA-256; PKCS#12 with AES-256), passphrase platen-test. */
const P12 = readFileSync(new URL('./test-signer.p12', import.meta.url));

/** What render() refuses `pdf` with: the param and message. */
async function refusal(pdf: unknown): Promise<InvalidOptionError> {
  const error = await render({ html: HTML, pdf: pdf as PdfOptions }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidOptionError);
  return error as InvalidOptionError;
}

/** A property's text in the XMP, whatever rdf:Description holds it (rdf:Alt / Seq / Bag give their first li). */
function xmpValue(parsed: Record<string, unknown>, name: string): unknown {
  const rdf = (parsed['x:xmpmeta'] as Record<string, Record<string, unknown>>)['rdf:RDF']!;
  const descriptions = ([] as Record<string, unknown>[]).concat(rdf['rdf:Description'] as Record<string, unknown>[]);
  const value = descriptions.find((d) => name in d)?.[name];
  const first = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const o = v as Record<string, unknown>;
    for (const container of ['rdf:Alt', 'rdf:Seq', 'rdf:Bag'])
      if (container in o) return first((o[container] as Record<string, unknown>)['rdf:li']);
    return '#text' in o ? o['#text'] : v;
  };
  return first(value);
}

describe('pdf.metadata: document information (pdfinfo, XMP)', () => {
  it('takes title, author, subject and keywords from the HTML head by default', async () => {
    const info = pdfinfo(await render({ html: HTML }));
    expect(info).toMatchObject({
      Title: 'Rechnung & Co',
      Author: 'Anna Müller',
      Subject: 'Eine Rechnung',
      Keywords: 'rechnung, 2026',
      Producer: 'Platen',
    });
    expect(info['CreationDate']).toBe('Sat Jan  1 00:00:00 2000 UTC');
    // A plain print carries no XMP; it is tagged by default, PDF 1.7 for its object streams.
    expect(info['Metadata Stream']).toBe('no');
    expect(info['Tagged']).toBe('yes');
    expect(info['PDF version']).toBe('1.7');
    // Untagged, it stays PDF 1.3, as before tagging.
    const untagged = pdfinfo(await render({ html: HTML, pdf: { tagged: false } }));
    expect(untagged['Tagged']).toBe('no');
    expect(untagged['PDF version']).toBe('1.3');
  });

  it('lets the options win, joins keyword lists, and takes a creation date', async () => {
    const pdf = await render({
      html: HTML,
      pdf: {
        metadata: {
          title: 'Invoice <42>',
          author: '',
          keywords: ['a', 'b'],
          creation_date: '2026-03-01T09:30:00+01:00',
        },
      },
    });
    const info = pdfinfo(pdf);
    expect(info).toMatchObject({
      Title: 'Invoice <42>',
      Subject: 'Eine Rechnung',
      Keywords: 'a, b',
      CreationDate: 'Sun Mar  1 08:30:00 2026 UTC',
      ModDate: 'Sun Mar  1 08:30:00 2026 UTC',
    });
    // An empty string removes what the HTML would give.
    expect(info['Author']).toBeUndefined();
  });

  it('is reproducible: the same input gives the same bytes', async () => {
    const options = { html: HTML, pdf: { metadata: { title: 'T' }, standard: 'pdf/a-2b' as const } };
    expect(Buffer.from(await render(options)).equals(Buffer.from(await render(options)))).toBe(true);
  });

  it('writes an XMP packet that is well-formed XML and says what the Info dictionary says', async () => {
    const pdf = await render({ html: HTML, pdf: { standard: 'pdf/a-2b', metadata: { title: 'A & B <c> "d"' } } });
    const { parsed } = xmp(pdf);
    expect(xmpValue(parsed, 'dc:title')).toBe('A & B <c> "d"');
    expect(xmpValue(parsed, 'dc:creator')).toBe('Anna Müller');
    expect(xmpValue(parsed, 'dc:description')).toBe('Eine Rechnung');
    expect(xmpValue(parsed, 'dc:language')).toBe('de-CH');
    expect(xmpValue(parsed, 'pdf:Keywords')).toBe('rechnung, 2026');
    expect(xmpValue(parsed, 'pdf:Producer')).toBe('Platen');
    expect(xmpValue(parsed, 'xmp:CreateDate')).toBe('2000-01-01T00:00:00Z');
    expect(xmpValue(parsed, 'xmp:ModifyDate')).toBe('2000-01-01T00:00:00Z');
    expect(pdfinfo(pdf)['Title']).toBe('A & B <c> "d"');
    // The language is the catalog's /Lang too.
    expect(catalog(qpdfObjects(pdf))['/Lang']).toBe('u:de-CH');
  });
});

describe('pdf.encryption: AES-256, passwords and permissions (pdfinfo, qpdf)', () => {
  const options = {
    user_password: 'open sesame',
    owner_password: 'owner-secret',
    permissions: { print: 'low' as const, copy: false, modify: false },
  };

  it('needs the user password to open, and grants what the permissions say', async () => {
    const pdf = await render({ html: HTML, pdf: { encryption: options } });
    expect(pdfinfo(pdf).error).toMatch(/Incorrect password/);
    expect(pdfinfo(pdf, 'wrong').error).toMatch(/Incorrect password/);
    const info = pdfinfo(pdf, 'open sesame');
    expect(info['Encrypted']).toMatch(/^yes \(.*copy:no.*algorithm:AES-256\)$/);
    expect(info['Title']).toBe('Rechnung & Co');
    expect(qpdfCheck(pdf, 'open sesame').status).toBe(0);
    const shown = qpdfEncryption(pdf, 'owner-secret');
    expect(shown).toContain('Supplied password is owner password');
    // Revision 6 (PDF 2.0's hardened password hash), not PDFKit's revision 5.
    expect(shown).toMatch(/^R = 6$/m);
    expect(shown).toContain('file encryption method: AESv3');
    expect(shown).toContain('print low resolution: allowed');
    expect(shown).toContain('print high resolution: not allowed');
    expect(shown).toContain('extract for any purpose: not allowed');
    expect(shown).toContain('modify other: not allowed');
    expect(shown).toContain('modify annotations: allowed');
    expect(shown).toContain('extract for accessibility: allowed');
  });

  it('takes passwords beyond ASCII, as readers prepare them (SASLprep, UTF-8)', async () => {
    const pdf = await render({
      html: HTML,
      pdf: { encryption: { user_password: 'Grüße, naïve 密码', owner_password: 'Ωmega' } },
    });
    expect(pdfinfo(pdf, 'Grüße, naïve 密码')['Title']).toBe('Rechnung & Co');
    expect(qpdfEncryption(pdf, 'Ωmega')).toContain('Supplied password is owner password');
    expect(pdfinfo(pdf, 'Grusse, naive').error).toMatch(/Incorrect password/);
  });

  it('opens without a password when only permissions are set, under a random owner password', async () => {
    const pdf = await render({ html: HTML, pdf: { encryption: { permissions: { print: false } } } });
    expect(pdfinfo(pdf)['Encrypted']).toMatch(/print:no/);
    expect(qpdfEncryption(pdf, '')).toContain('Supplied password is user password');
  });

  it('never repeats a password in an error', async () => {
    const error = await refusal({ encryption: { user_password: 'x'.repeat(128) } });
    expect(error.param).toBe('pdf.encryption.user_password');
    expect(error.message).not.toContain('xxxx');
  });
});

describe('pdf.standard PDF/A and pdf.attachments (qpdf, pdfdetach, XMP)', () => {
  it('writes PDF/A-2a and -3a: level A in the XMP, tagged, with its language and the sRGB output intent', async () => {
    for (const [standard, part] of [
      ['pdf/a-2a', '2'],
      ['pdf/a-3a', '3'],
    ] as const) {
      const pdf = await render({ html: HTML, pdf: { standard } });
      expect(qpdfCheck(pdf).status).toBe(0);
      const info = pdfinfo(pdf);
      expect(info['Tagged']).toBe('yes');
      expect(info['PDF version']).toBe('1.7');
      const { parsed } = xmp(pdf);
      expect(xmpValue(parsed, 'pdfaid:part')).toBe(part);
      expect(xmpValue(parsed, 'pdfaid:conformance')).toBe('A');
      expect(xmpValue(parsed, 'dc:language')).toBe('de-CH');
      const objects = qpdfObjects(pdf);
      const root = catalog(objects);
      expect(root['/Lang']).toBe('u:de-CH');
      expect(root['/StructTreeRoot']).toBeDefined();
      const intent = objects[`obj:${String((root['/OutputIntents'] as string[])[0])}`]!.value;
      expect(intent).toMatchObject({ '/S': '/GTS_PDFA1' });
      // Every font has a ToUnicode map (§6.2.11.7.2).
      const fonts = Object.values(objects)
        .map((o) => o.value as Record<string, unknown> | undefined)
        .filter((v) => v?.['/Type'] === '/Font' && v['/Subtype'] === '/Type0');
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font['/ToUnicode']).toBeDefined();
    }
  });

  it('refuses PDF/A level A without a language, with a character no font has, or untagged', async () => {
    const noLang = await render({
      html: '<html><title>T</title><body><p>x</p></body></html>',
      pdf: { standard: 'pdf/a-2a' },
    }).catch((e: unknown) => e);
    expect(noLang).toBeInstanceOf(InvalidOptionError);
    expect((noLang as InvalidOptionError).param).toBe('pdf.metadata.language');
    // U+E000 (private use): no installed font has it, so it would be .notdef, which maps to no Unicode.
    const notdef = await render({
      html: '<html lang="en"><title>T</title><body><p>x \uE000</p></body></html>',
      pdf: { standard: 'pdf/a-3a' },
    }).catch((e: unknown) => e);
    expect(notdef).toBeInstanceOf(InvalidOptionError);
    expect((notdef as InvalidOptionError).message).toMatch(/PDF\/A-3A needs a Unicode value for every glyph/);
    // The same document is fine at level B, and untagged at level A is refused before rendering.
    await render({ html: '<html lang="en"><body><p>x \uE000</p></body></html>', pdf: { standard: 'pdf/a-3b' } });
    expect((await refusal({ standard: 'pdf/a-2a', tagged: false })).param).toBe('pdf.tagged');
  });

  it('writes PDF/A-3b: the sRGB output intent, pdfaid, attachments with AFRelationship', async () => {
    const pdf = await render({
      html: HTML,
      pdf: {
        standard: 'pdf/a-3b',
        attachments: [
          {
            filename: 'data.json',
            content: b64('{"total":1200}'),
            mime_type: 'application/json',
            relationship: 'Data',
            description: 'The data',
          },
        ],
      },
    });
    expect(qpdfCheck(pdf).status).toBe(0);
    const info = pdfinfo(pdf);
    expect(info['PDF version']).toBe('1.7');
    expect(info['Encrypted']).toBe('no');
    const { parsed } = xmp(pdf);
    expect(xmpValue(parsed, 'pdfaid:part')).toBe('3');
    expect(xmpValue(parsed, 'pdfaid:conformance')).toBe('B');

    const objects = qpdfObjects(pdf);
    const root = catalog(objects);
    const dict = (ref: unknown) => objects[`obj:${String(ref)}`]!;
    const intent = dict((root['/OutputIntents'] as string[])[0]).value as Record<string, unknown>;
    expect(intent).toMatchObject({
      '/Type': '/OutputIntent',
      '/S': '/GTS_PDFA1',
      '/OutputConditionIdentifier': 'u:sRGB IEC61966-2.1',
    });
    expect(dict(intent['/DestOutputProfile']).stream?.dict['/N']).toBe(3);
    const [spec] = (root['/AF'] as string[]).map((ref) => dict(ref).value as Record<string, unknown>);
    expect(spec).toMatchObject({
      '/Type': '/Filespec',
      '/AFRelationship': '/Data',
      '/F': 'u:data.json',
      '/UF': 'u:data.json',
      '/Desc': 'u:The data',
    });
    const file = dict((spec!['/EF'] as Record<string, string>)['/F']).stream!.dict;
    expect(file).toMatchObject({ '/Type': '/EmbeddedFile', '/Subtype': '/application/json' });
    expect((file['/Params'] as Record<string, unknown>)['/ModDate']).toBe('u:D:20000101000000Z');

    const detached = pdfdetach(pdf);
    expect(detached.list).toContain('1: data.json');
    expect(detached.files['data.json']?.toString()).toBe('{"total":1200}');
  });

  it('warns when a PDF/A holds a CMYK JPEG (DeviceCMYK under an sRGB output intent)', async () => {
    // A JPEG's start-of-frame with 4 components: PDFKit embeds the data as it is, as DeviceCMYK.
    const sof = [
      0xff, 0xc0, 0x00, 0x14, 0x08, 0x00, 0x01, 0x00, 0x01, 0x04, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4, 0x11, 0,
    ];
    const jpeg = Buffer.from([0xff, 0xd8, ...sof, 0xff, 0xd9]).toString('base64');
    const html = `<img src="data:image/jpeg;base64,${jpeg}" width="10" height="10">`;
    const codes = async (pdf?: PdfOptions) =>
      (await renderDocument({ html, ...(pdf ? { pdf } : {}) })).diagnostics.map((d) => d.code);
    expect(await codes()).toEqual([]);
    expect(await codes({ standard: 'pdf/a-2b' })).toEqual(['pdfa_cmyk_image']);
  });

  it('makes a Factur-X e-invoice: factur-x.xml, Alternative, the fx XMP and its extension schema', async () => {
    const pdf = await render({ html: HTML, pdf: { factur_x: { xml: INVOICE_XML } } });
    expect(qpdfCheck(pdf).status).toBe(0);
    expect(pdfdetach(pdf).files['factur-x.xml']?.toString()).toBe(INVOICE_XML);
    const { parsed, text } = xmp(pdf);
    expect(xmpValue(parsed, 'pdfaid:part')).toBe('3');
    expect(xmpValue(parsed, 'fx:DocumentType')).toBe('INVOICE');
    expect(xmpValue(parsed, 'fx:DocumentFileName')).toBe('factur-x.xml');
    expect(xmpValue(parsed, 'fx:ConformanceLevel')).toBe('EN 16931');
    expect(xmpValue(parsed, 'fx:Version')).toBe('1.0');
    expect(text).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    const objects = qpdfObjects(pdf);
    const spec = objects[`obj:${(catalog(objects)['/AF'] as string[])[0]!}`]!.value;
    expect(spec).toMatchObject({ '/AFRelationship': '/Alternative', '/F': 'u:factur-x.xml' });
  });

  it.each<[string, unknown, RegExp]>([
    ['pdf.encryption', { standard: 'pdf/a-2b', encryption: { user_password: 'pw' } }, /PDF\/A forbids encryption/],
    ['pdf.attachments', { standard: 'pdf/a-2b', attachments: [{ filename: 'a.txt', content: b64('a') }] }, /pdf\/a-3b/],
    ['pdf.standard', { standard: 'pdf/a-2b', factur_x: { xml: INVOICE_XML } }, /Factur-X needs PDF\/A-3/],
    ['pdf.standard', { standard: 'pdf/a-1b' }, /one of "pdf\/a-2b", "pdf\/a-3b"/],
    ['pdf.attachments.0.filename', { attachments: [{ filename: '../x', content: b64('a') }] }, /without "\/"/],
    ['pdf.attachments.0.content', { attachments: [{ filename: 'x', content: 'not base64!' }] }, /base64/],
    [
      'pdf.attachments.0.relationship',
      { attachments: [{ filename: 'x', content: '', relationship: 'Friend' }] },
      /"Source"/,
    ],
    [
      'pdf.attachments.1.filename',
      {
        attachments: [
          { filename: 'x', content: '' },
          { filename: 'x', content: '' },
        ],
      },
      /Two attachments/,
    ],
    [
      'pdf.attachments',
      { attachments: Array.from({ length: 33 }, (_, i) => ({ filename: `f${i}`, content: '' })) },
      /At most 32/,
    ],
    ['pdf.factur_x.xml', { factur_x: { xml: '<html/>' } }, /CrossIndustryInvoice/],
    ['pdf.factur_x.profile', { factur_x: { xml: INVOICE_XML, profile: 'BASIC' } }, /declares the EN 16931 profile/],
    [
      'pdf.signature',
      { signature: { p12: P12.toString('base64') }, encryption: { user_password: 'pw' } },
      /both signed and encrypted/,
    ],
    ['pdf.signature.p12', { signature: { p12: 42 } }, /PKCS#12 file/],
    [
      'pdf.signature.visible.page',
      { signature: { p12: P12, visible: { page: 0, x: 0, y: 0, width: 10, height: 10 } } },
      /page number from 1/,
    ],
    [
      'pdf.signature.visible.width',
      { signature: { p12: P12, visible: { page: 1, x: 0, y: 0, width: 0, height: 10 } } },
      /greater than 0/,
    ],
    [
      'pdf.signature.visible.page',
      { signature: { p12: P12, passphrase: 'platen-test', visible: { page: 3, x: 0, y: 0, width: 10, height: 10 } } },
      /the document has 1 page/,
    ],
    ['pdf.signature.p12', { signature: { p12: P12.toString('base64'), passphrase: 'wrong' } }, /passphrase is wrong/],
    ['pdf.metadata.creation_date', { metadata: { creation_date: 'yesterday' } }, /ISO 8601/],
    ['pdf.metadata.language', { metadata: { language: 'en us' } }, /language tag/],
    ['pdf.encryption.userPassword', { encryption: { userPassword: 'pw' } }, /no option "userPassword"/],
    ['pdf.__proto__', JSON.parse('{"__proto__": {"standard": "pdf/a-3b"}}'), /no option "__proto__"/],
  ])('refuses %s', async (param, pdf, message) => {
    const error = await refusal(pdf);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  });
});

describe('pdf.signature: PAdES baseline B-B with a PKCS#12 certificate (pdfsig, qpdf)', () => {
  it('signs invisibly; poppler finds the signature valid and the whole document signed, also in a PDF/A-3b', async () => {
    for (const pdf of [{}, { standard: 'pdf/a-3b' as const }]) {
      const signed = await render({
        html: HTML,
        pdf: { ...pdf, signature: { p12: P12, passphrase: 'platen-test', reason: 'Approved', location: 'Zürich' } },
      });
      const report = pdfsig(signed);
      expect(report).toContain('Signer Certificate Common Name: Platen Test Signer');
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      expect(report).toContain('Signing Hash Algorithm: SHA-256');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signature Validation: Signature is Valid.');
      // Self-signed: valid, but no trusted issuer.
      expect(report).toContain("Certificate Validation: Certificate issuer isn't Trusted.");
      expect(qpdfCheck(signed)).toMatchObject({
        status: 0,
        stdout: expect.stringContaining('No syntax or stream encoding errors'),
        stderr: '',
      });
      // The incremental update keeps the file's ID in its trailer (PDF/A).
      expect(Buffer.from(signed.subarray(-400)).toString('latin1')).toMatch(
        /\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]\n>>\nstartxref/,
      );
    }
  });

  it('shows a visible signature on the chosen page and rectangle, signed valid, also in a PDF/A-3a (pdfsig, qpdf)', async () => {
    const twoPages = HTML.replace('</body>', '<p style="break-before: page">Seite zwei</p></body>');
    const visible = { page: 2, x: 340, y: 700, width: 200, height: 60 };
    for (const pdf of [{}, { standard: 'pdf/a-3a' as const }, { tagged: false }]) {
      const signed = await render({
        html: twoPages,
        pdf: { ...pdf, signature: { p12: P12, passphrase: 'platen-test', reason: 'Approved', visible } },
      });
      const report = pdfsig(signed);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
      expect(qpdfCheck(signed).status).toBe(0);
      const objects = qpdfObjects(signed);
      const value = (ref: unknown) => objects[`obj:${String(ref)}`]!.value as Record<string, unknown>;
      const pages = Object.values(objects)
        .map((o) => o.value as Record<string, unknown> | undefined)
        .filter((v) => v?.['/Type'] === '/Page');
      expect(pages).toHaveLength(2);
      const annots = (pages[1]!['/Annots'] as string[] | undefined)?.map(value) ?? [];
      const widget = annots.find((a) => a['/FT'] === '/Sig')!;
      // A4 is 841.89 pt high: the rectangle from the top-left corner, in PDF's bottom-up space.
      expect(widget['/Rect']).toEqual([340, expect.closeTo(81.89, 2), 540, expect.closeTo(141.89, 2)]);
      expect(widget).toMatchObject({ '/Subtype': '/Widget', '/F': 4 });
      expect(value(widget['/V'])).toMatchObject({ '/SubFilter': '/ETSI.CAdES.detached', '/Reason': 'u:Approved' });
      const appearance = objects[`obj:${String((widget['/AP'] as Record<string, string>)['/N'])}`]!;
      expect(appearance.stream?.dict).toMatchObject({ '/Subtype': '/Form', '/BBox': [0, 0, 200, 60] });
      expect((pages[0]!['/Annots'] as string[] | undefined)?.map(value).some((a) => a['/FT'])).toBeFalsy();
      if (!('tagged' in pdf)) expect(widget['/StructParent']).toEqual(expect.any(Number));
    }
  });

  it('paints the appearance where it is asked for (page 1 rasterised at 72 dpi: one pixel per pt)', async () => {
    const visible = { page: 1, x: 300, y: 400, width: 200, height: 60 };
    const signed = await render({
      html: HTML,
      pdf: { signature: { p12: P12, passphrase: 'platen-test', name: 'Anna Müller', visible } },
    });
    const image = rasterise(signed, 72);
    const dark = (x0: number, y0: number, x1: number, y1: number): number => {
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (image.at(x, y)[0] < 128) n++;
      return n;
    };
    // The frame and the text inside the rectangle; nothing around it.
    expect(dark(302, 402, 498, 458)).toBeGreaterThan(200);
    expect(dark(300, 380, 500, 398) + dark(300, 462, 500, 480)).toBe(0);
    expect(dark(300, 400, 500, 401) + dark(300, 459, 500, 460)).toBeGreaterThan(150);
  });

  it('shows a changed byte as an invalid signature', async () => {
    const signed = Buffer.from(
      await render({ html: HTML, pdf: { signature: { p12: P12, passphrase: 'platen-test' } } }),
    );
    const at = signed.indexOf('Rechnung');
    signed[at] = 'X'.charCodeAt(0);
    expect(pdfsig(signed)).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });
});
