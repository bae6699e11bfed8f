/** What went wrong, in the service's words; the error handler maps each kind to a truthful status. */
export type AppErrorKind =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  /** Was there and is no longer (an expired link). */
  | "gone"
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
  gone: 410,
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
 * An expected "no" from a service (sold out, a code that does not apply, too many tries): not a fault. It is
 * thrown, never returned: routes just call the service, and the error handler answers it like any AppError.
 * Thrown in a transaction it rolls the transaction back. A "no" that must keep a write (a wrong code counted,
 * a refused payment's refund owed) is decided in the transaction, which commits and says what to refuse; the
 * caller throws it after the commit (decision 070). A caller that must act on a "no" catches `instanceof
 * Refusal` and reads its `code`: rarely, and in the open.
 */
export class Refusal extends AppError {
  constructor(kind: AppErrorKind, code: string, message: string, errors?: { path: string; message: string }[]) {
    super(kind, message, code, errors);
    this.name = "Refusal";
  }
}

export const refusal = (kind: AppErrorKind, code: string, message: string): Refusal => new Refusal(kind, code, message);

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
