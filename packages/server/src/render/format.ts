import { invalidParameter } from '../errors.js';
import { lengthToMm, PRESET_SIZES_MM, type PdfFormatInput } from '../schemas/format.js';

const DEFAULT_MARGINS_MM = { top: 20, bottom: 20, left: 15, right: 15 };

/**
 * Field-by-field precedence (DECISIONS.md "Render"): request `format` over
 * the template's `pdf_format`; margins merge per side. Core applies the
 * defaults and the document's own @page rules.
 */
export function mergeFormats(template: PdfFormatInput, request: PdfFormatInput | undefined): PdfFormatInput {
  if (!request) return template;
  const margins = template.margins || request.margins ? { ...template.margins, ...request.margins } : undefined;
  return { ...template, ...request, ...(margins ? { margins } : {}) };
}

/** Page size in mm, or null when `custom` lacks a side (the schema reports that). */
function pageSizeMm(format: PdfFormatInput): [number, number] {
  const preset = format.preset ?? 'a4';
  if (preset !== 'custom') return [...PRESET_SIZES_MM[preset]];
  return [lengthToMm(format.width ?? '210mm'), lengthToMm(format.height ?? '297mm')];
}

/**
 * `custom` needs width and height (param names the first missing one), and
 * margins must leave a content area (DECISIONS.md "Limits and resources").
 */
export function checkFormat(format: PdfFormatInput, prefix: string): void {
  if (format.preset === 'custom') {
    if (format.width === undefined) throw invalidParameter(`${prefix}.width`, 'A custom page size needs width and height.');
    if (format.height === undefined) throw invalidParameter(`${prefix}.height`, 'A custom page size needs width and height.');
  }
  const [width, height] = pageSizeMm(format);
  const m = format.margins ?? {};
  const side = (k: keyof typeof DEFAULT_MARGINS_MM) => (m[k] === undefined ? DEFAULT_MARGINS_MM[k] : lengthToMm(m[k]));
  if (width - side('left') - side('right') <= 0 || height - side('top') - side('bottom') <= 0) {
    throw invalidParameter(`${prefix}.margins`, 'The margins leave no room for content on the page.');
  }
}
