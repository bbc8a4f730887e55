import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PAGE_PRELOADS_FILE, type PageFiles } from './src/shared/rules/pages.ts';

// The API server (Fastify) listens on :3000; in development Vite serves the SPA and forwards API calls.
const api = { target: 'http://127.0.0.1:3000', changeOrigin: false };
const proxy = { '/api': api, '/metrics': api };

// React Router 7's package exports name only its development build (dev warnings on, larger), whatever
// the mode: remix-run/react-router#14102. Production bundles take the production build it also ships.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * For each page module (src/web/app/routes/<name>.tsx): its chunk, the chunks it needs that the
 * entry doesn't already load, and its stylesheets. The server names them in the HTML of the pages
 * that show the module first (src/server/plugins/spa.ts), so they download beside the entry
 * instead of after it has run (the home page's chunk on `/`, the account chunk on `/login`…).
 */
function pagePreloads(): Plugin {
  return {
    name: 'futurecast:page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((c) => c.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const closure = (files: readonly string[], seen = new Set<string>()): Set<string> => {
        for (const file of files) {
          if (seen.has(file)) continue;
          seen.add(file);
          closure(chunks.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return;
      const loaded = closure([entry.fileName]);
      const pages: Record<string, PageFiles> = {};
      for (const chunk of chunks.values()) {
        const name = chunk.facadeModuleId?.match(/\/src\/web\/app\/routes\/([a-z-]+)\.tsx$/)?.[1];
        if (!name || chunk.isEntry) continue;
        const files = [...closure([chunk.fileName])].filter((file) => !loaded.has(file));
        const styles = new Set(
          files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]),
        );
        pages[name] = { scripts: files.map((f) => `/${f}`), styles: [...styles].map((f) => `/${f}`) };
      }
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(pages, null, 2) });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), pagePreloads()],
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
            // One file for everything the entry loads on every page: the shell (app/, lib/), TanStack
            // Query, the smallest shared UI pieces, and the community card with its vote code, which
            // the home page and the three community pages share. As separate files (entry, `query`,
            // a common card chunk) they cost the home page 1.5 KB of its 120 KB: each file is gzipped
            // alone. Infinite queries and mutations stay with the pages that use them.
            {
              name: 'shell',
              test: new RegExp(
                [
                  String.raw`node_modules[\\/]@tanstack[\\/](?!.*(infiniteQuery(Observer|Options)|useInfiniteQuery|mutationObserver|useMutation)\.js$)`,
                  String.raw`src[\\/]web[\\/]app[\\/](?!routes[\\/]|perf-monitor\.tsx$)`,
                  String.raw`src[\\/]web[\\/]lib[\\/]`,
                  String.raw`components[\\/]ui[\\/](badge|card)\.tsx$`,
                  String.raw`rules[\\/]numbers\.ts$`,
                  String.raw`features[\\/]community[\\/]components[\\/](community-card|use-card-actions)\.tsx$`,
                ].join('|'),
              ),
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
}));
