import { MESSAGES } from "@store/shared";
import { ApiError } from "../../lib/api";

/** Messages keyed by field ("product_name", "sizes.0.mrp"). */
export type FieldErrors = Record<string, string>;

/** What went wrong with a call or a form: a sentence for the whole form and messages for fields. */
export type Failure = { message: string; fields: FieldErrors };

/** The server names fields by where they were in the request ("body.mrp", "querystring.to"); forms know "mrp". */
export function fieldKey(path: string): string {
  return path.replace(/^(body|querystring|params)\./, "");
}

/** A failed call as the form shows it: the server's `message`, its field errors under their fields. */
export function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) {
    console.error("Back-office request failed", error);
    return { message: MESSAGES.unexpectedError, fields: {} };
  }
  const fields: FieldErrors = {};
  for (const issue of error.body?.errors ?? []) fields[fieldKey(issue.path)] ??= issue.message;
  return { message: error.message, fields };
}

/** Zod's issues (the shared schemas run in the browser first) keyed like the server's errors; the first per field wins. */
export function fieldsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) fields[issue.path.map(String).join(".")] ??= issue.message;
  return fields;
}

/** Moves focus to the first listed field that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(order: readonly string[], fields: FieldErrors, idOf: (field: string) => string): void {
  const first = order.find((field) => fields[field]);
  if (first) document.getElementById(idOf(first))?.focus();
}
