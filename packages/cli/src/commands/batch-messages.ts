import type { PageComponents, PdfOptions } from '@platen/core';

/** Messages between `platen render --batch` and its worker threads (structured clone). */

/** Everything of a render that is the same for every line: sent once per worker. */
export interface BatchTemplate {
  readonly html: string;
  readonly format?: Record<string, unknown>;
  readonly header: string | null;
  readonly footer: string | null;
  /** The first and last page's own header/footer (RenderOptions.firstPage/lastPage). */
  readonly firstPage?: PageComponents;
  readonly lastPage?: PageComponents;
  readonly blocks: Record<string, string>;
  readonly baseDir: string;
  readonly fontDirs: readonly string[];
  /** The `pdf` options (metadata, PDF/A, encryption…), the same for every line. */
  readonly pdf?: PdfOptions;
}

export interface BatchItem {
  /** 1-based line number in the NDJSON file. */
  readonly line: number;
  readonly data: Record<string, unknown>;
  /** Where the worker writes the PDF. */
  readonly path: string;
}

export type BatchReply =
  | { readonly line: number; readonly ok: true; readonly pages: number }
  | { readonly line: number; readonly ok: false; readonly message: string };

export interface BatchReady {
  readonly ready: true;
}
