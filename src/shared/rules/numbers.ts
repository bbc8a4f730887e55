// Counts as the UI writes them. Pure and Zod-free: the home page imports it.

/**
 * 2898 → '2,898', as toLocaleString('en') writes whole numbers. Not Intl: creating a number format
 * costs a slow phone tens of milliseconds of ICU set-up during the home page's first render. A loop,
 * not a look-ahead pattern, which would rescan the digits from every position.
 */
export const formatCount = (n: number): string => {
  const written = String(Math.round(n));
  const sign = written.startsWith('-') ? '-' : '';
  const digits = written.slice(sign.length);
  if (!/^\d+$/.test(digits)) return written;
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return sign + out;
};

/** The noun for a count: 'prediction' for 1, 'predictions' for any other number. */
export const plural = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

/** '1 prediction', '0 predictions', '2,898 members', '3 stories' (with `many`). */
export const countOf = (n: number, one: string, many?: string): string =>
  `${formatCount(n)} ${plural(n, one, many)}`;
