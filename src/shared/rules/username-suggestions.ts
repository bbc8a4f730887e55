import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from './validation.ts';

// SPEC.md §5 'Registration': suggestions built from the email's local part, five ways, each at
// most 20 characters: plain; plus a number 1-99; plus '_' and the year; plus '_predictor';
// 'future_' in front.

/** The local part reduced to the username alphabet (letters, digits, underscore). */
function usernameBase(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local.replace(/[^A-Za-z0-9_]/g, '');
}

export interface SuggestionOptions {
  /** 1..99; random by default. */
  randomNumber?: number;
  year?: number;
}

export function usernameSuggestions(email: string, options: SuggestionOptions = {}): string[] {
  const base = usernameBase(email);
  if (!base) return [];
  const n = options.randomNumber ?? 1 + Math.floor(Math.random() * 99);
  const year = options.year ?? new Date().getFullYear();
  const cut = (s: string) => s.slice(0, USERNAME_MAX_LENGTH);
  const candidates = [
    cut(base),
    cut(`${base}${n}`),
    cut(`${base}_${year}`),
    cut(`${base}_predictor`),
    cut(`future_${base}`),
  ];
  // Duplicates (after cutting) and names still too short for the username rule are left out.
  return [...new Set(candidates)].filter((s) => USERNAME_PATTERN.test(s));
}
