import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API in dev (`npm run dev`); the built UI is served by the backend itself. */
const API = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
/** The shared workspace package, bundled from its TypeScript source (its dist/ is CommonJS for the API). */
const commonSource = fileURLToPath(new URL('../packages/common/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@inventory/common': commonSource } },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': API, '/images': API },
    // @inventory/common's source lives outside admin-ui/ (packages/common).
    fs: { allow: [projectRoot] },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
