// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberReturnPath, safeReturnPath, takeRememberedReturnPath, withReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/p/12')).toBe('/p/12');
    expect(safeReturnPath('/predictions?sort=new&category=Technology#top')).toBe(
      '/predictions?sort=new&category=Technology#top',
    );
    expect(safeReturnPath('/u/ali_reza')).toBe('/u/ali_reza');
    // Dot segments resolve, and stay on this site.
    expect(safeReturnPath('/a/../../p/3')).toBe('/p/3');
  });

  it.each([
    ['nothing', null],
    ['empty', ''],
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with a path', '//evil.com/p/1'],
    ['a backslash read as a slash', '/\\evil.com'],
    ['two backslashes', '\\\\evil.com'],
    ['a backslash later on', '/p/1\\..\\\\evil.com'],
    ['a tab the parser drops', '/\t/evil.com'],
    ['a newline the parser drops', '/\n/evil.com'],
    ['absolute https', 'https://evil.com/'],
    ['absolute http', 'http://evil.com'],
    ['another scheme', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,hi'],
    ['relative without a slash', 'evil.com'],
    ['a leading space', ' /p/1'],
    ['too long', `/${'a'.repeat(2_000)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses the sign-in pages themselves (the dashboard is shown instead)', () => {
    for (const value of ['/login', '/login/', '/LOGIN', '/signup?next=/p/1', '/forgot-password']) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});

describe('withReturnPath', () => {
  it('adds the current path, encoded, or nothing when it is not a safe one', () => {
    expect(withReturnPath('/login', '/p/12?x=1')).toBe('/login?next=%2Fp%2F12%3Fx%3D1');
    expect(withReturnPath('/signup', '/')).toBe('/signup?next=%2F');
    expect(withReturnPath('/login', '//evil.com')).toBe('/login');
    expect(withReturnPath('/login', '/login')).toBe('/login');
  });
});

describe('the remembered return path (registration comes back through a mailed link)', () => {
  beforeEach(() => localStorage.clear());

  it('is read once', () => {
    rememberReturnPath('/p/7');
    expect(takeRememberedReturnPath()).toBe('/p/7');
    expect(takeRememberedReturnPath()).toBeNull();
  });

  it('stores nothing unsafe, and checks what it finds stored', () => {
    rememberReturnPath('//evil.com');
    expect(takeRememberedReturnPath()).toBeNull();
    localStorage.setItem('futurecast:return-to', 'https://evil.com');
    expect(takeRememberedReturnPath()).toBeNull();
  });

  it('forgets an older path when a registration starts without one', () => {
    rememberReturnPath('/p/7');
    rememberReturnPath(null);
    expect(takeRememberedReturnPath()).toBeNull();
  });
});
