import type { PdfFormat } from './format.js';

/** Everything one render needs. Only `html` is required. */
export interface RenderOptions {
  /** HTML with Handlebars variables. */
  readonly html: string;
  /** Values for the variables (any JSON object). */
  readonly data?: unknown;
  readonly format?: PdfFormat;
  /** Header/footer component HTML (Handlebars, expanded with the same data), repeated on every page. */
  readonly header?: string | null;
  readonly footer?: string | null;
  /** Block components by ID, for `<svc-block id="…">`. */
  readonly blocks?: Readonly<Record<string, string>>;
  /** Root for relative and file: URLs; unset → such URLs are not loaded. */
  readonly baseDir?: string;
  /** Allow remote resources on loopback/private addresses (tests, trusted installs). */
  readonly allowPrivateNetwork?: boolean;
  /** Default 2000. */
  readonly maxPages?: number;
  /** Limit on the expanded HTML in bytes; default 20 MiB. */
  readonly maxHtmlBytes?: number;
}

export interface RenderResult {
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly diagnostics: readonly { readonly severity: 'warning' | 'error'; readonly code: string; readonly message: string }[];
}

/** Render a template to PDF bytes, in-process. */
export async function render(options: RenderOptions): Promise<Uint8Array> {
  return (await renderDocument(options)).pdf;
}

/** Render and also report the page count and diagnostics. */
export async function renderDocument(options: RenderOptions): Promise<RenderResult> {
  void options;
  throw new Error('renderDocument: the pipeline is being wired');
}
