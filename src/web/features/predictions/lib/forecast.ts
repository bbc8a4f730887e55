import { isoDay, RESOLVE_BY_LATEST } from '#shared/rules/resolve-by.ts';

// Display helpers for the resolve-by date and confidence of the submit form (issue 26).

/** '2027-12-31' → '31 December 2027' in the reader's language; the day is a UTC calendar day. */
export function longDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The date input's bounds: tomorrow (UTC) to 2100-12-31. */
export function resolveByBounds(now = new Date()): { min: string; max: string } {
  return { min: isoDay(new Date(now.getTime() + 86_400_000)), max: RESOLVE_BY_LATEST };
}

/** What the member chose for the resolve-by date. */
export type ResolveByChoice = { mode: 'auto' } | { mode: 'manual'; value: string } | { mode: 'none' };

/** The submission's resolve_by: absent (the server proposes one), a date, or null (none). */
export function resolveByField(choice: ResolveByChoice): { resolve_by?: string | null } {
  if (choice.mode === 'manual') return { resolve_by: choice.value };
  if (choice.mode === 'none') return { resolve_by: null };
  return {};
}
