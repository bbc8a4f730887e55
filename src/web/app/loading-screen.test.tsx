import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { LoadingScreen } from './loading-screen';

it("index.html paints the app's own loading screen before any script runs", () => {
  const html = readFileSync(resolve(import.meta.dirname, '../../../index.html'), 'utf8');
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1];
  // React's first render replaces it: the two must be the same screen, or the page would flicker.
  expect(root).toBe(renderToStaticMarkup(<LoadingScreen />));
  expect(root).toContain('Loading...');
});
