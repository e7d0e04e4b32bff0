import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API in dev (`npm run dev`); the built UI is served by the backend itself. */
const API = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': API, '/images': API },
    // The menus import the server's permission table from ../backend/src/common/auth/permissions.ts.
    fs: { allow: [projectRoot] },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
