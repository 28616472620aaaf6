// Where a process's resident memory is, from /proc/<pid>/smaps (Linux), in MB: so that a
// memory check that fails says which part grew.
//   mainArena     glibc's main malloc arena ([heap], the brk area): the main thread's mallocs
//                 (SQLite's page cache, Buffers below the mmap threshold, libuv and HTTP parser buffers)
//   threadArenas  glibc's per-thread arenas (64 MiB-aligned heaps): libuv's thread pool
//                 (scrypt's 16 MB per password check), V8's helper threads, worker threads
//   v8Pages       256 KiB anonymous mappings: V8 heap pages, including those a GC has freed
//                 and a background thread has not returned yet
//   files         mapped files (node, shared libraries, SQLite's WAL index)
//   otherAnon     every other anonymous mapping (large objects, large Buffers, stacks)
import { readFileSync } from 'node:fs';

const ARENA = 64 * 2 ** 20;

export function smapsMb(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return null;
  }
  const parts = { mainArena: 0, threadArenas: 0, v8Pages: 0, files: 0, otherAnon: 0 };
  let part = null;
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const start = parseInt(head[1], 16);
      const size = parseInt(head[2], 16) - start;
      const name = head[3].trim();
      if (name === '[heap]') part = 'mainArena';
      else if (name.startsWith('/')) part = 'files';
      else if (name) part = 'otherAnon';
      else if (start % ARENA === 0 && size <= ARENA) part = 'threadArenas';
      else if (size === 256 * 1024) part = 'v8Pages';
      else part = 'otherAnon';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && part) parts[part] += Number(rss[1]);
  }
  for (const key of Object.keys(parts)) parts[key] = Math.round(parts[key] / 1024);
  return parts;
}
