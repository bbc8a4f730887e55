import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (Fastify) listens on :3000; in development Vite serves the SPA and forwards API calls.
const api = { target: 'http://127.0.0.1:3000', changeOrigin: false };
const proxy = { '/api': api, '/metrics': api };

// React Router 7's package exports name only its development build (dev warnings on, larger), whatever
// the mode: remix-run/react-router#14102. Production bundles take the production build it also ships.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * The home page is where most visits start: its chunk (and the chunks it imports) are preloaded
 * from index.html, so they download beside the entry instead of after it has run.
 */
function preloadHomePage(): Plugin {
  return {
    name: 'futurecast:preload-home-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        const chunks = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk');
        const home = chunks.find((c) => c.facadeModuleId?.endsWith('/src/web/app/routes/home.tsx'));
        if (!home || !entry) return [];
        const already = new Set([entry.fileName, ...entry.imports]);
        return [home.fileName, ...home.imports]
          .filter((file) => !already.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), preloadHomePage()],
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
            // TanStack Query and the two smallest UI pieces every page shares: one file the entry
            // loads, instead of four tiny ones fetched one after another on the home page.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/]|components[\\/]ui[\\/](badge|card)\.tsx$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
}));
