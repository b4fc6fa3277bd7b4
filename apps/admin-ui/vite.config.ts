import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API listens on port 3000 and serves the built UI in production; in development Vite proxies /api to it.
const api = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // A .br and a .gz beside each built file, at the highest levels once at build time; the API sends the one
  // the browser accepts (apps/api/src/plugins/admin-ui.ts) without compressing on every request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The shared contract and domain build their TypeBox schemas at module level, with these builders. The UI
      // takes only their constants and rules: calling the builders has no effect beyond the schema they answer,
      // so an unused schema (and TypeBox itself, 17 kB gzip) is left out of the UI's code.
      treeshake: {
        propertyReadSideEffects: false,
        manualPureFunctions: [
          'Type',
          'Nullable',
          'OneOf',
          'defineCatalogue',
          'eventTypesOf',
          'looseFields',
          'changeLogEntryFields',
          'okResponses',
          'externalSystemResponses',
        ],
      },
      output: {
        // Every screen needs React and its router, which change far less often than the portal's own code: one
        // chunk of their own keeps them cached across deploys. The rest splits by screen (lazy routes in App.tsx).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: api },
  preview: { proxy: api },
});
