import { isCategory, MAX_CATEGORIES_PER_PREDICTION } from '#shared/rules/categories.ts';
import { MEMBER_DATA_PREFIX } from '#web/lib/token-storage.ts';

// A half-written prediction survives navigating away and a reload: a draft per member in this
// browser's localStorage, removed on publish and on sign-out (clearMemberData in token-storage.ts).

export interface Draft {
  text: string;
  categories: string[];
  isPublic: boolean;
}

const keyOf = (userId: number) => `${MEMBER_DATA_PREFIX}${userId}`;

export function readDraft(userId: number): Draft | null {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    if (typeof d.text !== 'string') return null;
    return {
      text: d.text,
      categories: Array.isArray(d.categories) ? d.categories.filter((c) => typeof c === 'string') : [],
      isPublic: d.isPublic !== false,
    };
  } catch {
    return null;
  }
}

/** Saves the draft, or removes it when there is nothing in it worth keeping. */
export function saveDraft(userId: number, draft: Draft): void {
  try {
    if (draft.text.trim() === '' && draft.categories.length === 0) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft lives as long as the page.
  }
}

/** What 'Create Better Prediction' hands the form through the router's state (`{ refill }`). */
export function refillOf(state: unknown): Draft | null {
  const refill = (state as { refill?: Partial<Draft> } | null)?.refill;
  if (!refill || typeof refill.text !== 'string') return null;
  return {
    text: refill.text,
    categories: Array.isArray(refill.categories)
      ? refill.categories
          .filter((c) => typeof c === 'string' && isCategory(c))
          .slice(0, MAX_CATEGORIES_PER_PREDICTION)
      : [],
    isPublic: refill.isPublic !== false,
  };
}

export function clearDraft(userId: number): void {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing more to do.
  }
}
