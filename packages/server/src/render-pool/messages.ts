import type { Diagnostic, PageComponents, PdfOptions } from '@platen/core';

/** What the main thread sends a render worker: plain data only (structured clone). */
export interface RenderJob {
  readonly html: string;
  readonly data: Record<string, unknown>;
  readonly format: Record<string, unknown>;
  readonly header: string | null;
  readonly footer: string | null;
  /** The first and last page's own header/footer HTML (null: none; a key left out: the every-page one). */
  readonly firstPage: PageComponents;
  readonly lastPage: PageComponents;
  readonly blocks: Record<string, string>;
  readonly baseDir: string | null;
  readonly allowPrivateNetwork: boolean;
  readonly maxPages: number;
  readonly maxHtmlBytes: number;
  readonly fontDirs: readonly string[];
  readonly maxResources: number;
  readonly maxResourceBytes: number;
  /** The request's `pdf` options (they may hold passwords: never logged). */
  readonly pdf: PdfOptions | null;
}

export interface JobMessage {
  readonly id: number;
  readonly job: RenderJob;
}

/** A failure the worker caught: `code` is core's PlatenError code when it had one. */
export interface RenderFailure {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
  readonly param?: string;
}

/** Something the engine skipped or substituted (an image it could not load, a missing glyph…): a diagnostic as the API shows it. */
export type RenderWarning = Pick<Diagnostic, 'code' | 'message'>;

export interface RenderSuccess {
  readonly ok: true;
  readonly pdf: Uint8Array;
  readonly pageCount: number;
  readonly warnings: readonly RenderWarning[];
}

export type RenderOutcome = RenderSuccess | RenderFailure;

export type ResultMessage = { readonly id: number } & RenderOutcome;

/** Asks a worker where its memory is (diagnostics: the load test splits workers' RSS with it). */
export interface MemoryRequest {
  readonly memory: true;
  /** Collect garbage first (a full GC), so that the heap figures are what the worker keeps. */
  readonly gc: boolean;
}

/** A worker's memory as V8 and Node see it, in bytes. */
export interface WorkerMemory {
  readonly pid: number;
  readonly rss: number;
  /** Resident bytes of each V8 heap space (new_space is the young generation). */
  readonly heapSpaces: Readonly<Record<string, number>>;
  /** Bytes of live objects in the V8 heap. */
  readonly heapUsed: number;
  /** Memory outside the V8 heap held by JS objects (Buffers, ArrayBuffers, fontkit's tables). */
  readonly external: number;
  readonly arrayBuffers: number;
}

export interface MemoryMessage {
  readonly memory: WorkerMemory;
}

/** Sent once by a worker when its modules are loaded. */
export interface ReadyMessage {
  readonly ready: true;
}
