import { InvalidFormatError, resolveFormat, type PdfFormat } from '@platen/core/options';
import { invalidParameter } from '../errors.js';

export { mergeFormats } from '@platen/core/options';

/**
 * Check a whole format with core's rules (a `custom` size needs width and height, margins must
 * leave a content area, typography fields are CSS values), as the API's 400 invalid_parameter.
 */
export function checkFormat(format: PdfFormat, prefix: string): void {
  try {
    resolveFormat(format, prefix);
  } catch (error) {
    if (error instanceof InvalidFormatError) throw invalidParameter(error.param, error.message);
    throw error;
  }
}
