/**
 * 2898 → '2,898', as toLocaleString('en') writes whole numbers. Not Intl: creating a number format
 * costs a slow phone tens of milliseconds of ICU set-up during the home page's first render.
 */
export const formatCount = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ',');
