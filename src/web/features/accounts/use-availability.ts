import { AVAILABILITY_DEBOUNCE_MS } from '#shared/rules/validation.ts';
import { useEffect, useState } from 'react';

export type Availability =
  | { state: 'idle' }
  | { state: 'invalid' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken' }
  | { state: 'failed' };

/**
 * Checks a value 500 ms after typing stops (SPEC.md §5): invalid values are reported at once
 * without a request; a newer value cancels the older request.
 */
export function useAvailability(
  value: string,
  isValid: (value: string) => boolean,
  check: (value: string, signal: AbortSignal) => Promise<{ exists: boolean }>,
): Availability {
  const [result, setResult] = useState<Availability>({ state: 'idle' });
  useEffect(() => {
    if (!value.trim()) {
      setResult({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (!isValid(value)) {
        setResult({ state: 'invalid' });
        return;
      }
      setResult({ state: 'checking' });
      check(value, controller.signal).then(
        (reply) => setResult({ state: reply.exists ? 'taken' : 'available' }),
        () => {
          if (!controller.signal.aborted) setResult({ state: 'failed' });
        },
      );
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, isValid, check]);
  return result;
}
