/** What went wrong, in the service's words; the error handler maps each kind to a truthful status. */
export type AppErrorKind =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  | "rate_limited"
  | "unavailable"
  | "internal";

export const STATUS_BY_KIND: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Machine-readable code; defaults to the kind in capitals. */
    readonly code: string = kind.toUpperCase(),
    readonly errors?: { path: string; message: string }[],
    /** Sent as `Retry-After` (a 429 or 503 that will pass). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/**
 * Something the operator has to fix before the store can start (a locked or damaged data folder...):
 * server.ts prints the message as it is, without a stack trace, and exits.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}
