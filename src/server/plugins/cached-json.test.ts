import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './cached-json.ts';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0 and the wildcard', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('GZIP')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
  });
});
