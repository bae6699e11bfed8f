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
    if (value === "" && field.kind === "lines") {
      payload[field.name] = [];
      continue;
    }
    if (value === "" && field.kind !== "text" && field.kind !== "textarea") {
      if (field.emptyIsNull) payload[field.name] = null;
      else if (before) payload[field.name] = value;
      continue;
    }
    payload[field.name] =
      field.kind === "datetime" && typeof value === "string"
        ? new Date(value).toISOString()
        : field.kind === "lines" && typeof value === "string"
          ? linesToItems(value)
          : value;
  }
  return payload;
}

/** "Title: text" a line (text optional; blank lines skipped) -> [{ title, text }], as the API takes a list. */
export function linesToItems(value: string): { title: string; text: string }[] {
  return value
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const colon = line.indexOf(":");
      return colon < 0
        ? { title: line, text: "" }
        : { title: line.slice(0, colon).trim(), text: line.slice(colon + 1).trim() };
    });
}

/** The inverse of `linesToItems`, for an edit form. */
export function itemsToLines(items: readonly { title: string; text: string }[] | null): string {
  return (items ?? []).map((item) => (item.text ? `${item.title}: ${item.text}` : item.title)).join("\n");
}
