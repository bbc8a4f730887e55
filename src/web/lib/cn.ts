/** Joins class names, skipping falsy ones. Later classes don't override earlier ones: pick variants, not overrides. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
