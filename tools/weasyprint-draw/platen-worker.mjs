// Renders documents with the checkout's built @platen/core, as `platen render` does, in one
// process. stdin: {"in": "/abs/doc.html", "out": "/abs/doc.pdf"} a line; stdout: {"ok": true}
// or {"ok": false, "error": "…"} a line. The format is A4 with zero margins: WeasyPrint's test
// stylesheet gives pages no margin, and every case sets its own `@page` size.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const project = process.env.PLATEN_PROJECT ?? process.cwd();
const core = await import(pathToFileURL(join(project, 'node_modules/@platen/core/dist/index.js')).href);
const format = { preset: 'a4', margins: { top: '0', right: '0', bottom: '0', left: '0' } };

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const job = JSON.parse(line);
  let reply;
  try {
    const html = await readFile(job.in, 'utf8');
    const result = await core.renderDocument({ html, data: {}, format, baseDir: dirname(job.in) });
    await writeFile(job.out, result.pdf);
    reply = { ok: true };
  } catch (error) {
    reply = { ok: false, error: String(error?.stack ?? error).slice(0, 1000) };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
}
