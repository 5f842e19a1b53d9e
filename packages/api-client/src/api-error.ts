import type { ErrorCode } from '@karta/contracts';

/** An API call that did not succeed: an error body from the server, or no answer at all. */
export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly code: ErrorCode | 'network_error' | 'invalid_response',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
