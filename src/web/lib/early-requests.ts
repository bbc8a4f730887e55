// The first page's public reads, started by main.tsx before that page's code has arrived, so its data
// and its code download side by side instead of one after the other. apiFetch takes each response
// once; a later call for the same path fetches afresh.

const MAX_AGE_MS = 10_000;
const started = new Map<string, { at: number; response: Promise<Response> }>();

/**
 * Starts GET requests (no token: public reads only) for the paths the first page will ask for. On
 * the home page the browser is already fetching them from the HTML's `Link: rel=preload; as=fetch;
 * crossorigin` header; this fetch() takes that response (same URL, mode and credentials, and no
 * request header of our own, which some browsers count against a match).
 */
export function startEarlyRequests(paths: readonly string[]): void {
  for (const path of paths) {
    const response = fetch(path, { credentials: 'same-origin' });
    // Nobody may ever take it: a failure is seen by the call that does, not reported as unhandled.
    response.catch(() => undefined);
    started.set(path, { at: Date.now(), response });
  }
}

/** The response of an early request for exactly this path, once, while it is recent. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const entry = started.get(path);
  if (!entry) return undefined;
  started.delete(path);
  return Date.now() - entry.at <= MAX_AGE_MS ? entry.response : undefined;
}
