import { useDeferredValue } from 'react';

/**
 * `value`, except that its first arrival is rendered as a transition: a carousel's first data is
 * rendered in slices, not one long task; later changes (a vote's counts) show at once.
 */
export function useFirstArrivalDeferred<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}
