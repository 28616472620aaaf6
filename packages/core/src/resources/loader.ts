import type { Diagnostic } from '@platen/layout';
import { readFile, realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { guardedGet, type HttpLimits } from './http-fetch.js';
import { parseDataUri } from './data-uri.js';
import { FetchSlots, withHostSlot } from './fetch-slots.js';
import { HttpCache } from './http-cache.js';

export type ResourceKind = 'image' | 'stylesheet' | 'font';

export interface LoadedResource {
  readonly bytes: Uint8Array;
  /** Lower-case media type without parameters ('' when unknown). */
  readonly contentType: string;
}

export interface ResourceLoaderOptions {
  /** Root for relative and file: URLs; they never resolve outside it. Unset: not loaded. */
  readonly baseDir?: string;
  /** Allow relative and file: URLs at all (the server turns this off without PLATEN_RESOURCE_DIR). */
  readonly allowFile: boolean;
  /** Let http(s) reach loopback/private addresses (tests, trusted installs). */
  readonly allowPrivateNetwork?: boolean;
  readonly limits?: Partial<HttpLimits>;
  readonly budget?: Partial<FetchBudget>;
}

/**
 * What one render may fetch over the network. One 84 KB document used to make 1,192 requests
 * to one host with 576 connections open at once, and under the usual limit of 1,024 file
 * descriptors other renders' requests failed.
 */
export interface FetchBudget {
  /** Distinct http(s) resources per render; later ones are skipped with a warning. */
  readonly maxResources: number;
  /** Bytes fetched per render, all resources together. */
  readonly maxTotalBytes: number;
  /** Fetches in flight per render. */
  readonly maxConcurrent: number;
  /** Connections in flight per host, all renders of a thread together. */
  readonly maxPerHost: number;
}

export const DEFAULT_BUDGET: FetchBudget = {
  maxResources: 256,
  maxTotalBytes: 64 * 1024 * 1024,
  maxConcurrent: 8,
  maxPerHost: 6,
};

export interface ResourceLoader {
  /** Load a resource; null (plus a warning) when it cannot be, never throws. */
  load(url: string, kind: ResourceKind): Promise<LoadedResource | null>;
  readonly warnings: readonly Diagnostic[];
}

export const DEFAULT_LIMITS: HttpLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 };

/**
 * Remote answers shared across renders. 16 MiB holds a few hundred logos and some dozens of
 * web fonts; every render worker has its own, so it counts once per worker in the service's
 * memory (it was 64 MiB of bytes, overhead not counted, see http-cache.ts).
 */
const httpCache = new HttpCache(16 * 1024 * 1024, 5 * 60_000);

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Reject answers that are plainly something else (an HTML error page instead of an image…). */
function contentTypeFits(kind: ResourceKind, type: string): boolean {
  if (type === '' || type === 'application/octet-stream' || type === 'binary/octet-stream') return true;
  if (type === 'text/html') return false;
  if (kind === 'image') return type.startsWith('image/');
  if (kind === 'font') return type.startsWith('font/') || /font|opentype|truetype|woff/.test(type);
  return type === 'text/css' || type === 'text/plain';
}

async function loadFile(url: URL, baseDir: string, maxBytes: number): Promise<LoadedResource | string> {
  let root: string;
  let target: string;
  try {
    root = await realpath(baseDir);
    target = await realpath(fileURLToPath(url));
  } catch {
    return 'file not found';
  }
  // realpath resolves symlinks and "..", so a link pointing out of the root is caught too.
  if (target !== root && !target.startsWith(root.endsWith(sep) ? root : root + sep))
    return 'outside the base directory';
  const info = await stat(target);
  if (!info.isFile()) return 'not a file';
  if (info.size > maxBytes) return `larger than ${maxBytes} bytes`;
  return { bytes: await readFile(target), contentType: '' };
}

export function createResourceLoader(options: ResourceLoaderOptions): ResourceLoader {
  const limits: HttpLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const budget: FetchBudget = { ...DEFAULT_BUDGET, ...options.budget };
  const renderSlots = new FetchSlots(budget.maxConcurrent);
  let remoteCount = 0;
  let fetchedBytes = 0;
  const allowPrivate = options.allowPrivateNetwork ?? false;
  const warnings: Diagnostic[] = [];
  const local = new Map<string, Promise<LoadedResource | null>>();
  const warn = (url: string, why: string): null => {
    const shown = url.startsWith('data:') ? `${url.slice(0, 40)}…` : url;
    warnings.push({ severity: 'warning', code: 'resource_not_loaded', message: `${shown}: ${why}` });
    return null;
  };

  async function loadUncached(raw: string, kind: ResourceKind): Promise<LoadedResource | null> {
    const trimmed = raw.trim();
    if (/^data:/i.test(trimmed)) {
      const data = parseDataUri(trimmed);
      if (!data) return warn(raw, 'malformed data: URI');
      if (data.bytes.byteLength > limits.maxBytes) return warn(raw, `larger than ${limits.maxBytes} bytes`);
      return data;
    }
    let url: URL;
    try {
      url = options.baseDir ? new URL(trimmed, pathToFileURL(options.baseDir + sep)) : new URL(trimmed);
    } catch {
      return warn(raw, options.baseDir ? 'not a valid URL' : 'relative URL without a base directory');
    }
    if (url.protocol === 'file:') {
      if (!options.allowFile || !options.baseDir) return warn(raw, 'local files are not allowed here');
      const file = await loadFile(url, options.baseDir, limits.maxBytes);
      return typeof file === 'string' ? warn(raw, file) : file;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return warn(raw, `${url.protocol} URLs are not loaded`);
    const key = `${allowPrivate ? 'p' : 'g'}:${url.href}`;
    const cached = httpCache.get(key);
    if (cached) return cached;
    if (++remoteCount > budget.maxResources)
      return warn(raw, `more than ${budget.maxResources} remote resources in one document`);
    const res = await renderSlots.run(() => {
      // Checked when the fetch starts: the bytes of the fetches before it are known by then.
      const room = budget.maxTotalBytes - fetchedBytes;
      if (room <= 0)
        return Promise.resolve({
          ok: false as const,
          reason: `more than ${budget.maxTotalBytes} bytes of remote resources in one document`,
        });
      return withHostSlot(url.host, budget.maxPerHost, () =>
        guardedGet(url.href, { ...limits, maxBytes: Math.min(limits.maxBytes, room) }, allowPrivate),
      );
    });
    if (!res.ok) return warn(raw, res.reason);
    fetchedBytes += res.bytes.byteLength;
    const contentType = mediaType(res.contentType);
    if (!contentTypeFits(kind, contentType)) return warn(raw, `unexpected content type ${contentType} for a ${kind}`);
    const resource = { bytes: res.bytes, contentType };
    httpCache.set(key, resource);
    return resource;
  }

  return {
    warnings,
    load(url: string, kind: ResourceKind): Promise<LoadedResource | null> {
      const key = `${kind}\u0000${url}`;
      let pending = local.get(key);
      if (!pending) {
        pending = loadUncached(url, kind).catch((error: unknown) => warn(url, (error as Error).message));
        local.set(key, pending);
      }
      return pending;
    },
  };
}
