import { Element, type AnyNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { InvalidOptionError } from '../errors.js';
import type { FacturXOptions, FacturXProfile, PdfAttachment } from './options.js';

export interface FacturXFile {
  readonly attachment: PdfAttachment;
  readonly profile: FacturXProfile;
}

/**
 * The invoice XML as Factur-X 1.0 §6.2 attaches it: named factur-x.xml (xrechnung.xml for
 * ZUGFeRD's XRECHNUNG profile), text/xml, related to the document as "Alternative" (the PDF
 * is the invoice too) or "Data" for the MINIMUM and BASIC WL profiles, which are not full
 * invoices. The profile is the one the XML declares; one given must agree with it.
 */
export function facturXAttachment(fx: FacturXOptions): FacturXFile {
  const declared = declaredProfile(fx.xml);
  if (fx.profile && declared && fx.profile !== declared) {
    fail(
      'pdf.factur_x.profile',
      `pdf.factur_x.profile is "${fx.profile}" but the XML declares the ${declared} profile (GuidelineSpecifiedDocumentContextParameter).`,
    );
  }
  const profile = fx.profile ?? declared;
  if (!profile)
    fail(
      'pdf.factur_x.profile',
      'The XML declares no known Factur-X profile in GuidelineSpecifiedDocumentContextParameter: give pdf.factur_x.profile.',
    );
  const relationship = fx.relationship ?? (profile === 'MINIMUM' || profile === 'BASIC WL' ? 'Data' : 'Alternative');
  return {
    profile,
    attachment: {
      filename: profile === 'XRECHNUNG' ? 'xrechnung.xml' : 'factur-x.xml',
      content: Buffer.from(fx.xml, 'utf8').toString('base64'),
      mime_type: 'text/xml',
      relationship,
      description: 'Factur-X/ZUGFeRD invoice',
    },
  };
}

/**
 * The profile named by the XML's `ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID`
 * (Factur-X 1.0 §7.2.1), after checking that the root is a CII `CrossIndustryInvoice`.
 */
export function declaredProfile(xml: string): FacturXProfile | null {
  const doc = parseDocument(xml, { xmlMode: true });
  const root = doc.children.find((n): n is Element => n instanceof Element);
  if (!root || localName(root) !== 'CrossIndustryInvoice') {
    fail(
      'pdf.factur_x.xml',
      `pdf.factur_x.xml must be a UN/CEFACT CrossIndustryInvoice document; its root is ${root ? `<${root.name}>` : 'missing'}.`,
    );
  }
  const context = child(child(root, 'ExchangedDocumentContext'), 'GuidelineSpecifiedDocumentContextParameter');
  const id = textOf(child(context, 'ID')).trim();
  if (id.includes('xrechnung')) return 'XRECHNUNG';
  if (id === 'urn:cen.eu:en16931:2017') return 'EN 16931';
  const suffix = /:(minimum|basicwl|basic|extended)$/.exec(id)?.[1];
  const bySuffix: Record<string, FacturXProfile> = {
    minimum: 'MINIMUM',
    basicwl: 'BASIC WL',
    basic: 'BASIC',
    extended: 'EXTENDED',
  };
  return suffix ? (bySuffix[suffix] ?? null) : null;
}

function localName(e: Element): string {
  return e.name.slice(e.name.indexOf(':') + 1);
}

function child(e: Element | undefined, name: string): Element | undefined {
  return e?.children.find((c): c is Element => c instanceof Element && localName(c) === name);
}

function textOf(node: AnyNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  return node instanceof Element ? node.children.map(textOf).join('') : '';
}

function fail(param: string, message: string): never {
  throw new InvalidOptionError(param, message);
}
