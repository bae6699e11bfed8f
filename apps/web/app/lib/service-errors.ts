/** A service's "no such thing" (an AppError of kind not_found), recognised without importing server code. */
export function isServiceNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { kind?: unknown }).kind === "not_found";
}
