import type { CrudField, FormValues } from "./crud-types";

/** ISO instant -> the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * What the API gets: only the fields given (an edit: only the changed ones), empty optional values left
 * out or sent as null, datetime-local values as ISO instants. Numbers stay text; the shared schemas read them.
 */
export function toPayload(
  fields: readonly CrudField[],
  values: FormValues,
  before?: FormValues,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || (before && before[field.name] === value)) continue;
    if (value === "" && field.kind !== "text" && field.kind !== "textarea") {
      if (field.emptyIsNull) payload[field.name] = null;
      else if (before) payload[field.name] = value;
      continue;
    }
    payload[field.name] =
      field.kind === "datetime" && typeof value === "string" ? new Date(value).toISOString() : value;
  }
  return payload;
}
