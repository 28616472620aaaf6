import type { DocumentMetadata } from './metadata.js';
import type { FacturXProfile } from './options.js';

export interface XmpInput {
  readonly metadata: DocumentMetadata;
  readonly producer: string;
  readonly creator: string;
  /** PDF/A identification (`pdfaid`), e.g. part 3, conformance B. */
  readonly pdfa?: { readonly part: number; readonly conformance: string };
  /** PDF/UA identification (`pdfuaid:part`). */
  readonly pdfua?: number;
  readonly facturX?: { readonly fileName: string; readonly profile: FacturXProfile };
}

const FACTUR_X_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/**
 * The document's XMP packet (ISO 16684-1). Each Info entry has its XMP twin with the same
 * value (ISO 19005-2 §6.6.2.3.1: Title ↔ dc:title, Author ↔ dc:creator, Subject ↔
 * dc:description, Keywords ↔ pdf:Keywords, Creator ↔ xmp:CreatorTool, Producer ↔
 * pdf:Producer, CreationDate ↔ xmp:CreateDate, ModDate ↔ xmp:ModifyDate). Every value is
 * escaped: PDFKit's own packet writes them raw, so a title with "&" broke its XML.
 */
export function buildXmp(input: XmpInput): string {
  const m = input.metadata;
  const date = isoDate(m.creationDate);
  const dc = [
    '<dc:format>application/pdf</dc:format>',
    m.title === undefined
      ? ''
      : `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(m.title)}</rdf:li></rdf:Alt></dc:title>`,
    m.author === undefined ? '' : `<dc:creator><rdf:Seq><rdf:li>${esc(m.author)}</rdf:li></rdf:Seq></dc:creator>`,
    m.subject === undefined
      ? ''
      : `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${esc(m.subject)}</rdf:li></rdf:Alt></dc:description>`,
    m.language === undefined ? '' : `<dc:language><rdf:Bag><rdf:li>${esc(m.language)}</rdf:li></rdf:Bag></dc:language>`,
  ];
  const descriptions = [
    description('xmlns:dc="http://purl.org/dc/elements/1.1/"', dc),
    description('xmlns:xmp="http://ns.adobe.com/xap/1.0/"', [
      `<xmp:CreateDate>${date}</xmp:CreateDate>`,
      `<xmp:ModifyDate>${date}</xmp:ModifyDate>`,
      `<xmp:MetadataDate>${date}</xmp:MetadataDate>`,
      `<xmp:CreatorTool>${esc(input.creator)}</xmp:CreatorTool>`,
    ]),
    description('xmlns:pdf="http://ns.adobe.com/pdf/1.3/"', [
      `<pdf:Producer>${esc(input.producer)}</pdf:Producer>`,
      m.keywords === undefined ? '' : `<pdf:Keywords>${esc(m.keywords)}</pdf:Keywords>`,
    ]),
  ];
  if (input.pdfa) {
    descriptions.push(
      description('xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"', [
        `<pdfaid:part>${input.pdfa.part}</pdfaid:part>`,
        `<pdfaid:conformance>${esc(input.pdfa.conformance)}</pdfaid:conformance>`,
      ]),
    );
  }
  // ISO 14289-1 §5: the PDF/UA identification schema.
  if (input.pdfua)
    descriptions.push(
      description('xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"', [`<pdfuaid:part>${input.pdfua}</pdfuaid:part>`]),
    );
  if (input.facturX) descriptions.push(...facturXDescriptions(input.facturX.fileName, input.facturX.profile));
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    ...descriptions,
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/**
 * Factur-X 1.0 §6.2.2 (ZUGFeRD 2.x alike): the `fx` properties, and their PDF/A extension
 * schema, which PDF/A requires for any property outside the predefined schemas (ISO 19005-2 §6.6.2.3.2).
 */
function facturXDescriptions(fileName: string, profile: FacturXProfile): string[] {
  const property = (name: string, text: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${text}</pdfaProperty:description></rdf:li>`;
  const extension = description(
    'xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"',
    [
      '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">',
      '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>',
      `<pdfaSchema:namespaceURI>${FACTUR_X_NS}</pdfaSchema:namespaceURI>`,
      '<pdfaSchema:prefix>fx</pdfaSchema:prefix>',
      '<pdfaSchema:property><rdf:Seq>',
      property('DocumentFileName', 'The name of the embedded XML document'),
      property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
      property('Version', 'The actual version of the standard applying to the embedded XML document'),
      property('ConformanceLevel', 'The conformance level of the embedded XML document'),
      '</rdf:Seq></pdfaSchema:property>',
      '</rdf:li></rdf:Bag></pdfaExtension:schemas>',
    ],
  );
  const values = description(`xmlns:fx="${FACTUR_X_NS}"`, [
    '<fx:DocumentType>INVOICE</fx:DocumentType>',
    `<fx:DocumentFileName>${esc(fileName)}</fx:DocumentFileName>`,
    // ZUGFeRD 2.1+ writes its XRechnung profile with version 1.0 too, under the same namespace.
    '<fx:Version>1.0</fx:Version>',
    `<fx:ConformanceLevel>${esc(profile)}</fx:ConformanceLevel>`,
  ]);
  return [extension, values];
}

function description(namespaces: string, lines: readonly string[]): string {
  return [`<rdf:Description rdf:about="" ${namespaces}>`, ...lines.filter(Boolean), '</rdf:Description>'].join('\n');
}

/** XMP dates (ISO 8601) to the second, in UTC as the Info dictionary writes them. */
function isoDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
