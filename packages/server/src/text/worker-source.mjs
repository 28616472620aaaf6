// Entry for the text worker when the server runs from TypeScript sources (vitest):
// the same transpiling loader as the render workers (see render-pool/worker-source.mjs).
import { register } from 'node:module';

register('../render-pool/ts-loader.mjs', import.meta.url);
await import('./worker.ts');
