import { ApiError } from '#web/lib/api-client.ts';

// SPEC.md §8 'Prediction submission': the message shown for each way a submission can fail.

export const SUBMIT_ERROR_MESSAGES = {
  duplicate: 'This prediction already exists! Try sharing a different vision of the future.',
  badRequest: 'Bad Request: Please check your input data',
  unauthorized: 'Authentication failed. Please log in again.',
  forbidden: 'Access denied. Please check your permissions.',
  unprocessable: 'Invalid data format. Please check your input.',
  server: 'Server error. Please try again later.',
  network: 'Network error: Unable to connect to server. Please check your internet connection.',
  unknown: 'Unknown error occurred',
  unreadableSuccess:
    'The server answered, but its reply could not be read. Check My Account before sending it again.',
} as const;

export interface SubmitErrorView {
  message: string;
  /** Extra lines under the message (the server's recommendations on a 403). */
  lines: string[];
  /** A 401: the stored token must go and the member must sign in again. */
  signOut: boolean;
  /** A duplicate: the id of the prediction it repeats (a 409's details.duplicateOf), to link to it. */
  duplicateOf?: number;
}

const isDuplicate = (message: string) => message.includes('Duplicate prediction');

function duplicateOf(error: ApiError): { duplicateOf?: number } {
  const id = error.details?.duplicateOf;
  return error.code === 'DUPLICATE_PREDICTION' && Number.isSafeInteger(id) && (id as number) > 0
    ? { duplicateOf: id as number }
    : {};
}

function recommendations(details: Record<string, unknown> | undefined): string[] {
  const list = details?.recommendations;
  return Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string' && r.length > 0) : [];
}

export function submitErrorView(error: unknown): SubmitErrorView {
  const view = (message: string, lines: string[] = [], signOut = false) => ({ message, lines, signOut });
  if (!(error instanceof ApiError)) {
    // The request could not even be made (SPEC: 'Request error: {message}').
    if (error instanceof Error && error.message) return view(`Request error: ${error.message}`);
    return view(SUBMIT_ERROR_MESSAGES.unknown);
  }
  const { status } = error;
  if (status === 0) return view(SUBMIT_ERROR_MESSAGES.network);
  // A reply that was not the server's error shape (a proxy's page, an unreadable body) has no
  // server message: §8's fallbacks apply.
  const message = error.fromServer ? error.message : '';
  // A success whose body could not be read: the prediction may well be stored.
  if (status < 300) return view(SUBMIT_ERROR_MESSAGES.unreadableSuccess);
  if (status === 400) {
    if (isDuplicate(message)) return view(SUBMIT_ERROR_MESSAGES.duplicate);
    return view(message || SUBMIT_ERROR_MESSAGES.badRequest);
  }
  if (status === 401) return view(SUBMIT_ERROR_MESSAGES.unauthorized, [], true);
  if (status === 403) {
    return message ? view(message, recommendations(error.details)) : view(SUBMIT_ERROR_MESSAGES.forbidden);
  }
  if (status === 409) return { ...view(SUBMIT_ERROR_MESSAGES.duplicate), ...duplicateOf(error) };
  if (status === 422) return view(SUBMIT_ERROR_MESSAGES.unprocessable);
  if (status >= 500) return view(SUBMIT_ERROR_MESSAGES.server);
  return view(`Server error (${status}): ${message || 'Please try again'}`);
}
