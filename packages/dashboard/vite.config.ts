import { defineConfig } from 'vite';

/**
 * Static build into dist/, served by @platen/server at `/`. `npm run dev`
 * proxies /api to a running `platen serve` (PLATEN_URL, default :3000).
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/api': { target: process.env.PLATEN_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
