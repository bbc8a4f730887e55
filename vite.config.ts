import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (Fastify) listens on :3000; in development Vite serves the SPA and forwards API calls.
const api = { target: 'http://127.0.0.1:3000', changeOrigin: false };
const proxy = { '/api': api, '/metrics': api };

// React Router 7's package exports name only its development build (dev warnings on, larger), whatever
// the mode: remix-run/react-router#14102. Production bundles take the production build it also ships.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Hashed names under assets/ so the server can cache them for a year.
    assetsDir: 'assets',
    // The polyfill is an inline script; every browser we support has modulepreload.
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: false,
    // The framework chunk (react, react-dom, react-router) is ~315 kB minified, ~100 kB gzipped.
    chunkSizeWarningLimit: 350,
    rolldownOptions: {
      output: {
        // The framework changes less often than our code: its own chunk stays cached across deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
}));
