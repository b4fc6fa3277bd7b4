import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API listens on port 3000 and serves the built UI in production; in development Vite proxies /api to it.
const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // react-admin with MUI is about 1 MB (320 kB gzipped) for an internal console on the office network.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: { proxy: api },
  preview: { proxy: api },
});
