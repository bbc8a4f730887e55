import { describe, expect, it } from 'vitest';
import { parseSearch } from './search-query.ts';

describe('parseSearch', () => {
  it('trims punctuation and symbols from both ends of the phrase and of each word', () => {
    expect(parseSearch('  «Tehran» rents, 2030!  ')).toEqual({
      phrase: 'tehran» rents, 2030',
      words: ['tehran', 'rents', '2030'],
    });
    expect(parseSearch('"بارش در تهران"')).toEqual({
      phrase: 'بارش در تهران',
      words: ['بارش', 'در', 'تهران'],
    });
  });

  it('keeps punctuation inside words and finds nothing in punctuation alone', () => {
    expect(parseSearch('U.K. e-bikes')?.words).toEqual(['u.k', 'e-bikes']);
    expect(parseSearch('?!... ---')).toBeNull();
  });

  it('answers at once on a long run of punctuation inside a query', () => {
    const hostile = `a@${'.'.repeat(50_000)} b`;
    const started = performance.now();
    expect(parseSearch(hostile)?.words).toEqual(['a', 'b']);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
