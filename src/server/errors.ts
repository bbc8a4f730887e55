/** A failure a service can name; the one error handler turns it into { success:false, message, code }. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = 'Access denied', code = 'FORBIDDEN', details?: Record<string, unknown>) =>
  new AppError(403, code, message, details);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT', details?: Record<string, unknown>) =>
  new AppError(409, code, message, details);
