import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOME_FIRST_READS } from '#shared/rules/home-reads.ts';
import {
  PAGE_MODULES,
  PAGE_PRELOADS_FILE,
  type PageFiles,
  type PageModule,
  pageModuleOf,
} from '#shared/rules/pages.ts';
import type { SiteSettings } from '#server/config.ts';
import { preferredEncoding } from './cached-json.ts';

const API_PATH = /^\/(api(\/|$)|metrics$)/;

const attribute = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The deployment's site settings as <meta> tags in index.html (read by src/web/lib/site.ts): set at
 * start-up from the configuration, so changing them needs no rebuild and no extra request.
 */
export function withSiteSettings(html: string, site: SiteSettings): string {
  const tags = [
    ['futurecast:contact-email', site.contactEmail],
    ['futurecast:telegram-url', site.telegramUrl],
    ['futurecast:linkedin-url', site.linkedinUrl],
  ]
    .map(([name, value]) => `<meta name="${name}" content="${attribute(value ?? '')}">`)
    .join('');
  return html.replace('</head>', `${tags}</head>`);
}
const HAS_EXTENSION = /\.[a-z0-9]+$/i;

/** What a shared link's preview shows (features/explore/explore.service.ts `preview`). */
export interface PagePreview {
  title: string;
  description: string;
  /** The page's own path, e.g. /p/42. */
  path: string;
  type: 'article' | 'profile';
}

/** Pages whose HTML names what they show, for link previews: one prediction, one member. */
const PREVIEWED = /^\/(?:p\/\d+|u\/[^/]+)\/?$/;

const text = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html for a shared link: its <title>, meta description and Open Graph tags say what the page
 * shows, so a chat app or social network previews it (they read the HTML, not the app). Everything
 * is escaped; no script is added, so the Content-Security-Policy stays as it is.
 */
function withPreview(html: string, preview: PagePreview, publicUrl: string): string {
  const og = [
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:url', `${publicUrl}${preview.path}`],
    ['og:type', preview.type],
    ['og:site_name', 'Futurecast'],
  ]
    .map(([property, value]) => `<meta property="${property}" content="${attribute(value ?? '')}">`)
    .join('');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${text(preview.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${attribute(preview.description)}">`,
    )
    .replace('</head>', `${og}</head>`);
}

/** Written by the build (vite.config.ts, `pagePreloads`): each page module's files. */
type PagePreloads = Partial<Record<PageModule, PageFiles>>;

/**
 * index.html for a page: its module's scripts as `modulepreload` and its stylesheets as `preload`
 * (the app applies them when the module arrives; Vite's loader finds them already fetched), so they
 * download beside the entry instead of after it has run.
 */
function withPagePreloads(html: string, files: PageFiles | undefined): string {
  if (!files) return html;
  const links = [
    ...files.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
    ...files.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`),
  ].join('');
  return html.replace('</head>', `${links}</head>`);
}

interface PageHtml {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The home page's public reads, preloaded with its HTML: they download beside the scripts instead
 * of after them (the app shell takes the responses, src/web/lib/early-requests.ts). Only on `/`: on
 * other pages they would be fetched for nothing.
 */
const HOME_PRELOAD_LINK = HOME_FIRST_READS.map(
  (path) => `<${path}>; rel=preload; as=fetch; crossorigin`,
).join(', ');

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * client route (no file extension, not /api) answered with index.html so React Router takes over.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string,
  site: SiteSettings,
  options: {
    publicUrl?: string;
    /** The preview of a /p/:id or /u/:username page; null for one that is not public. */
    preview?: (path: string) => Promise<PagePreview | null>;
  } = {},
): Promise<void> {
  const indexFile = join(webRoot, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  const pages = new Map<PageModule, PageHtml>();
  const sources = new Map<PageModule, string>();
  if (built) {
    const html = withSiteSettings(readFileSync(indexFile, 'utf8'), site);
    const preloadsFile = join(webRoot, PAGE_PRELOADS_FILE);
    const preloads: PagePreloads = existsSync(preloadsFile)
      ? JSON.parse(readFileSync(preloadsFile, 'utf8'))
      : {};
    // Compressed once at start-up, one variant per page module; served for every client route.
    for (const module of new Set<PageModule>([...Object.values(PAGE_MODULES), 'not-found'])) {
      const source = withPagePreloads(html, preloads[module]);
      sources.set(module, source);
      const raw = Buffer.from(source);
      pages.set(module, { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw) });
    }
  }

  /** The page with its link preview, compressed now (the preview is per prediction or member). */
  async function previewPage(module: PageModule, path: string): Promise<PageHtml | undefined> {
    const source = sources.get(module);
    if (!source || !options.preview || !PREVIEWED.test(path)) return undefined;
    const preview = await options.preview(path);
    if (!preview) return undefined;
    const raw = Buffer.from(withPreview(source, preview, options.publicUrl ?? ''));
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { raw, br, gzip: gzipSync(raw) };
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(path);
    if (isPage && !HAS_EXTENSION.test(path)) {
      const module = pageModuleOf(path);
      const page = (await previewPage(module, path)) ?? pages.get(module);
      if (!page) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
      }
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (module === 'home') reply.header('link', HOME_PRELOAD_LINK);
      if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
      if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
      return reply.send(page.raw);
    }
    return reply.status(404).send({
      success: false,
      message: `No such endpoint: ${request.method} ${path}`,
      code: 'NOT_FOUND',
    });
  });
}
