import type { DocumentFonts } from './pdf-fonts.js';
import type { StructureTree } from './structure.js';
import { num } from './pdf-number.js';
import { InvalidOptionError } from '../errors.js';
import type { PdfSignatureOptions, VisibleSignature } from '../pdf/options.js';

/** PDFKit internals a signature field needs (not in @types/pdfkit). */
interface PdfRef {
  readonly id: number;
  data: Record<string, unknown>;
  write(chunk: string): void;
  end(): void;
  finalize(): void;
}
interface FieldDoc {
  ref(data: Record<string, unknown>): PdfRef;
  switchToPage(index: number): { readonly dictionary: PdfRef; readonly height: number; readonly annotations: PdfRef[] };
  readonly page: { readonly fonts: Record<string, PdfRef> };
  readonly _root: { data: Record<string, unknown> };
  _acroform?: unknown;
}

/** @signpdf's placeholders, which SignPdf.sign finds and fills (the byte range and the CMS). */
export const BYTE_RANGE_PLACEHOLDER = '**********';

/** What the widget shows and the signature dictionary says. */
export interface SignatureField {
  readonly options: PdfSignatureOptions & { readonly visible: VisibleSignature };
  /** The signer's name: options.name, else the certificate's common name. */
  readonly name: string;
  readonly signingTime: Date;
  /** Bytes reserved for the CMS (the certificates and the signature). */
  readonly contentsLength: number;
}

/**
 * A visible signature (ISO 32000-1 §12.7.4.5, §12.8), written with the document rather than as
 * an incremental update, since its widget sits on a chosen page: the signature field's widget
 * annotation at `visible`'s rectangle (pt from the page's top-left corner) with an appearance
 * stream (a form XObject) showing the signer, the date and the reason in the document's
 * sans-serif font (embedded, as PDF/A asks of appearances too), printable (/F 4), in the
 * AcroForm with SigFlags 3; its /V is the signature dictionary with the placeholders signPdf
 * fills. In a tagged PDF the widget is a Form structure element (PDF/UA-1 §7.18.4).
 */
export function addSignatureField(
  doc: unknown,
  fonts: DocumentFonts,
  pageCount: number,
  field: SignatureField,
  tags: StructureTree | null,
): void {
  const pdf = doc as FieldDoc;
  const { visible } = field.options;
  if (visible.page > pageCount)
    throw new InvalidOptionError(
      'pdf.signature.visible.page',
      `pdf.signature.visible.page is ${visible.page}, but the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
    );
  const page = pdf.switchToPage(visible.page - 1);
  const { width, height } = visible;
  const signature = pdf.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: [0, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER],
    Contents: Buffer.alloc(field.contentsLength),
    Reason: new String(field.options.reason ?? ''),
    M: field.signingTime,
    ContactInfo: new String(field.options.contact_info ?? ''),
    Name: new String(field.name),
    Location: new String(field.options.location ?? ''),
    Prop_Build: { App: { Name: 'Platen' } },
  });
  signature.end();
  const appearance = appearanceStream(pdf, fonts, width, height, appearanceLines(field));
  const widget = pdf.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    T: new String('Signature1'),
    TU: new String(`Signature of ${field.name}`),
    Rect: [visible.x, page.height - visible.y - height, visible.x + width, page.height - visible.y],
    F: 4,
    P: page.dictionary,
    V: signature,
    AP: { N: appearance },
  });
  if (tags) widget.data.StructParent = tags.annotationElement('Form', widget, page.dictionary);
  widget.end();
  page.annotations.push(widget);
  pdf._root.data.AcroForm = pdf.ref({ Fields: [widget], SigFlags: 3, DR: { Font: {} } });
  // PDFKit's endAcroForm ends the form at doc.end(): it wants a default font, which an
  // appearance of its own does not need.
  pdf._acroform = { fonts: {}, defaultFont: 'none' };
}

/** The widget's text: `visible.text`'s lines, else who signed, when, and why and where when given. */
function appearanceLines(field: SignatureField): string[] {
  if (field.options.visible.text !== undefined) return field.options.visible.text.split('\n');
  const time = field.signingTime.toISOString();
  return [
    `Digitally signed by ${field.name}`,
    `Date: ${time.slice(0, 10)} ${time.slice(11, 16)} UTC`,
    ...(field.options.reason ? [`Reason: ${field.options.reason}`] : []),
    ...(field.options.location ? [`Location: ${field.options.location}`] : []),
  ];
}

/** A form XObject with a thin frame and the lines, as large as fits (at most 10 pt), top-left aligned. */
function appearanceStream(pdf: FieldDoc, fonts: DocumentFonts, width: number, height: number, lines: string[]): PdfRef {
  const resolved = fonts.primaryFor({ families: ['sans-serif'], weight: 400, style: 'normal' });
  const name = fonts.use(resolved);
  const font = resolved.face.font;
  const unitsPerEm = font.unitsPerEm;
  const shaped = lines.map((line) => {
    const run = font.layout(line);
    const glyphs = run.glyphs.map((g) =>
      fonts.glyph(resolved, g.id, String.fromCodePoint(...(g.codePoints.length ? g.codePoints : [0xfffd]))),
    );
    // Tj advances by the glyphs' own widths (/W): kerning is left out.
    const advance = run.glyphs.reduce((sum, g) => sum + g.advanceWidth, 0) / unitsPerEm;
    return { hex: glyphs.map((g) => g.hex).join(''), advance };
  });
  const pad = Math.min(4, width / 10, height / 10);
  const widest = Math.max(1e-6, ...shaped.map((s) => s.advance));
  const size = Math.max(1, Math.min(10, (width - 2 * pad) / widest, (height - 2 * pad) / (lines.length * 1.2)));
  const ops = [
    'q',
    '0.5 w 0 0 0 RG',
    `0.25 0.25 ${num(width - 0.5)} ${num(height - 0.5)} re S`,
    'BT',
    `/${name} ${num(size)} Tf`,
  ];
  ops.push(`${num(size * 1.2)} TL`, `${num(pad)} ${num(height - pad - size)} Td`);
  shaped.forEach((s, i) => ops.push(`${i === 0 ? '' : 'T* '}<${s.hex}> Tj`));
  ops.push('ET', 'Q');
  const form = pdf.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, width, height],
    Resources: { Font: { [name]: pdf.page.fonts[name] } },
  });
  form.write(ops.join('\n'));
  form.end();
  return form;
}
