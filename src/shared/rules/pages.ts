// Which page module (src/web/app/routes/<name>.tsx) each client path shows. The SPA's router loads
// that module first (src/web/app/router.tsx), and the server names its files in the HTML it sends
// for the path (src/server/plugins/spa.ts), so they download with the document instead of after
// the app's entry has run.

export const PAGE_MODULES = {
  '/': 'home',
  '/submit': 'submit',
  '/login': 'account',
  '/signup': 'account',
  '/forgot-password': 'account',
  '/my-predictions': 'my-predictions',
  '/analytics': 'analytics',
  '/verify-email': 'verify-email',
  '/reset-password': 'reset-password',
  '/settings': 'settings',
  '/confirm-email': 'settings',
  '/unsubscribe': 'settings',
  '/leaderboard': 'leaderboard',
  '/reminders/opt-out': 'leaderboard',
  '/predictions': 'explore',
  // Paths with a parameter, spelled as the router spells them: matched by pageModuleOf's prefix rule.
  '/p/:id': 'prediction',
  '/u/:username': 'profile',
} as const;

export type PageModule = (typeof PAGE_MODULES)[keyof typeof PAGE_MODULES] | 'not-found';

/** One segment after /p/ or /u/, as the router's `:id` and `:username` match it. */
const PARAM_PAGE = /^\/([pu])\/[^/]+$/;
const PARAM_MODULES = { p: PAGE_MODULES['/p/:id'], u: PAGE_MODULES['/u/:username'] } as const;

/** The page module a path shows (as the router matches it: any case, trailing slashes ignored). */
export function pageModuleOf(pathname: string): PageModule {
  // A trailing run of slashes after a non-slash (or after the root's own): matched once, linearly.
  const path = pathname.toLowerCase().replace(/([^/]|^\/)\/+$/, '$1');
  // Both expressions are linear: no quantifier nests or overlaps another (the path is user input).
  const param = PARAM_PAGE.exec(path)?.[1] as keyof typeof PARAM_MODULES | undefined;
  if (param) return PARAM_MODULES[param];
  return Object.hasOwn(PAGE_MODULES, path) ? PAGE_MODULES[path as keyof typeof PAGE_MODULES] : 'not-found';
}

/** A page module's files beyond the entry's, as the build lists them (paths from the site root). */
export interface PageFiles {
  scripts: string[];
  styles: string[];
}

/** Where the build lists each page module's files for the server (in a dot directory: not served). */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';
