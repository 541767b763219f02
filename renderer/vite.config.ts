import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The renderer is served from file:// (Electron) and from the browser host's root, so every
// asset URL is relative. Monaco and its workers stay out of the entry chunk (dynamic import).
export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: false,
    // The "plugins took long" notice only says this machine is busy; it read like a failed build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  worker: { format: 'es' },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
});
