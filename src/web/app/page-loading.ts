import { useSyncExternalStore } from 'react';

// Whether a page's code is downloading, for the navigation progress bar. <BrowserRouter> makes each
// navigation a transition, so React keeps the current page on screen until the next one's lazy
// chunk has loaded; this store is how the shell knows one is on its way.

let loading = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Wraps a lazy page's loader so the shell can tell while it runs. */
export function trackPageLoad<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    loading++;
    // React calls lazy loaders while rendering: tell the listeners afterwards, not during it.
    queueMicrotask(emit);
    return load().finally(() => {
      loading--;
      emit();
    });
  };
}

export const usePageLoading = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
