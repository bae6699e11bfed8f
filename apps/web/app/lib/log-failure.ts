/** Where a failure a page survives is written: the request's logger on the server, the console in the browser. */
export type LogFailure = (what: string, error: unknown) => void;

export const logInBrowser: LogFailure = (what, error) => console.error(what, error);

/** A server loader's log: through the request's logger (pino, with the request id), never the console. */
export function logOnServer(log: { error(details: object, message: string): void }): LogFailure {
  return (what, error) => log.error({ err: error }, what);
}

/**
 * For error boundaries, which render on both sides: on the server the error has already gone to the
 * request's logger through handleError (entry.server), so only the browser's console still needs it.
 */
export function logBoundaryError(what: string, error: unknown): void {
  if (typeof document !== "undefined") console.error(what, error);
}
