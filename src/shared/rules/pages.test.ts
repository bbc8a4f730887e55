import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, pageModuleOf } from './pages.ts';

describe('pageModuleOf', () => {
  it('maps each fixed path to its module, in any case and with trailing slashes', () => {
    expect(pageModuleOf('/')).toBe('home');
    expect(pageModuleOf('/login')).toBe('account');
    expect(pageModuleOf('/predictions')).toBe('explore');
    expect(pageModuleOf('/Predictions/')).toBe('explore');
    expect(pageModuleOf('/predictions//')).toBe('explore');
  });

  it('maps /p/<id> to the prediction page and /u/<name> to the profile page', () => {
    expect(pageModuleOf('/p/42')).toBe('prediction');
    expect(pageModuleOf('/P/42/')).toBe('prediction');
    // Not a number: the page itself says it is not found, in its own chunk.
    expect(pageModuleOf('/p/abc')).toBe('prediction');
    expect(pageModuleOf('/u/demo_ava')).toBe('profile');
    expect(pageModuleOf('/u/Demo_Ava/')).toBe('profile');
    expect(pageModuleOf('/u/%D9%85%D8%B1%DB%8C%D9%85')).toBe('profile');
  });

  it('shows the 404 page for anything the router would not match', () => {
    for (const path of [
      '/p',
      '/p/',
      '/p/1/2',
      '/u',
      '/u//',
      '/u/a/b',
      '/x/1',
      '/pp/1',
      '/predictions/1',
      '/nope',
    ]) {
      expect(pageModuleOf(path), path).toBe('not-found');
    }
  });

  it('lists every module the server needs a page for', () => {
    expect(new Set(Object.values(PAGE_MODULES))).toEqual(
      new Set([
        'home',
        'submit',
        'account',
        'my-predictions',
        'analytics',
        'verify-email',
        'reset-password',
        'settings',
        'explore',
        'prediction',
        'profile',
        'leaderboard',
      ]),
    );
  });
});
