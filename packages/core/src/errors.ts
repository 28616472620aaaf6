/**
 * Errors the rendering pipeline throws on purpose. Each carries the API error `code`
 * of SPEC/DECISIONS so that the server maps it to the envelope without guessing.
 */
export class PlatenError extends Error {
  readonly code: string;
  readonly param?: string;

  constructor(code: string, message: string, param?: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    if (param !== undefined) this.param = param;
  }
}

/** Handlebars could not compile the template (400 template_syntax_error). */
export class TemplateError extends PlatenError {
  /** 1-based line of the error in the template source, or null when unknown. */
  readonly line: number | null;

  constructor(message: string, line: number | null) {
    super('template_syntax_error', message);
    this.line = line;
  }
}

/** A PdfFormat field is invalid (400 invalid_parameter, `param` = dotted path). */
export class InvalidFormatError extends PlatenError {
  declare readonly param: string;

  constructor(param: string, message: string) {
    super('invalid_parameter', message, param);
  }
}

/** A render() option has the wrong type or value (400 invalid_parameter, `param` = the option). */
export class InvalidOptionError extends PlatenError {
  declare readonly param: string;

  constructor(param: string, message: string) {
    super('invalid_parameter', message, param);
  }
}

/** The document exceeds a render limit: pages or expanded HTML size (422). */
export class DocumentTooLargeError extends PlatenError {
  constructor(message: string) {
    super('document_too_large', message);
  }
}
