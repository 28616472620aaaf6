// Entry for render workers when the server runs from TypeScript sources
// (vitest with the "source" condition). Worker threads do not inherit
// vitest's transform, so this registers a small loader (ts-loader.mjs) that
// resolves the "source" export condition and strips types with the
// TypeScript compiler the repo already has, then loads worker.ts.
// From dist/, pool.ts starts dist/render-pool/worker.js directly instead.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
await import('./worker.ts');
