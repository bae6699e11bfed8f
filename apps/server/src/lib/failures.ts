import type { z } from "zod";
import { AppError } from "../errors";

/** A 400 naming one field, in the same shape a failed schema gives, so forms show it next to the field. */
export function invalidField(path: string, message: string): AppError {
  return new AppError("bad_request", message, "VALIDATION_FAILED", [{ path, message }]);
}

/** A 400 from a schema run inside a service (an edit checked together with the stored record). */
export function invalidIssues(issues: readonly z.core.$ZodIssue[]): AppError {
  const errors = issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  return new AppError("bad_request", errors[0]?.message ?? "The request is not valid.", "VALIDATION_FAILED", errors);
}

/** A 409 for a value that must be unique (a product code, a promo code, a strip name). */
export function duplicateField(path: string, message: string): AppError {
  return new AppError("conflict", message, "DUPLICATE", [{ path, message }]);
}

/**
 * Whether a database error (however wrapped: Drizzle puts the driver's error in `cause`) is a unique
 * violation. Checks before writing cannot see a racing writer; the unique index can, so we map its error.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Runs a write, turning a unique violation into the given 409 and leaving every other error alone. */
export async function onDuplicate<T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? conflict() : error;
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
