import { z } from "zod";

/**
 * The rules every value the API accepts follows (decision 014), so bad input is a 400 naming the field,
 * never a database error: PostgreSQL cannot store NUL in text, its `integer` is 32-bit, and its dates have
 * no year 0. Every string in a payload, query or path is built from `text` or `requiredText` below.
 */

/** The largest value of PostgreSQL's `integer` (int4): ids, codes and counts stored in one. */
export const INT32_MAX = 2_147_483_647;

/** The years a date in the store may fall in: the shop opened in 2018, and nothing is planned past 2100. */
export const YEAR_RANGE = { min: 2000, max: 2100 } as const;

/**
 * No control characters (C0, DEL, C1) and no lone surrogate halves: nobody types them, PostgreSQL refuses
 * NUL, and a lone surrogate would be silently replaced when stored. Multi-line fields (an address, a
 * message, an HTML description) may also hold tabs and line breaks.
 */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

export function isCleanText(value: string, multiline = false): boolean {
  return !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

export interface TextOptions {
  /** Tabs and line breaks allowed (addresses, messages, descriptions). */
  multiline?: boolean;
  /** The message for a missing, blank or non-text value; `${label} is required` unless given. */
  missing?: string;
  /** Passwords are kept exactly as typed; everything else loses its surrounding spaces. */
  trim?: boolean;
}

const tooLong = (label: string, max: number) => `${label} is too long (${max} characters at most)`;
const notAllowed = (label: string) => `${label} contains characters that are not allowed`;

/** An optional text field: trimmed, at most `max` characters, no control characters. */
export function text(label: string, max: number, { multiline = false, trim = true, missing }: TextOptions = {}) {
  const base = z.string({ error: missing ?? `${label} must be text` });
  return (trim ? base.trim() : base)
    .max(max, tooLong(label, max))
    .refine((value) => isCleanText(value, multiline), notAllowed(label));
}

/** A required text field: as `text`, and not blank. */
export function requiredText(label: string, max: number, options: TextOptions = {}) {
  const missing = options.missing ?? `${label} is required`;
  const base = z.string({ error: missing });
  return (options.trim === false ? base : base.trim())
    .min(1, missing)
    .max(max, tooLong(label, max))
    .refine((value) => isCleanText(value, options.multiline), notAllowed(label));
}

const FORBIDDEN_ANYWHERE = /[\p{Cc}\p{Cs}]/gu;

/**
 * Words to search for, the one exception: never stored, so a pasted tab, line break or stray control
 * character counts as a space and the search finds what it can (decision 003), rather than failing.
 */
export function searchText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .max(max, tooLong(label, max))
    .transform((value) => value.replace(FORBIDDEN_ANYWHERE, " "));
}

const yearOf = (iso: string) => Number(iso.slice(0, 4));
const inYearRange = (iso: string) => yearOf(iso) >= YEAR_RANGE.min && yearOf(iso) <= YEAR_RANGE.max;
const OUT_OF_RANGE = `Use a date from ${YEAR_RANGE.min} to ${YEAR_RANGE.max}`;

/** A day of the calendar, e.g. 2026-03-31, within YEAR_RANGE. */
export const calendarDay = z
  .string({ error: "Use a date like 2026-03-31" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-03-31")
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    "This is not a calendar date",
  )
  .refine(inYearRange, OUT_OF_RANGE);

/** An instant with its offset, e.g. 2026-03-31T18:30:00Z, within YEAR_RANGE. */
export const dateTime = z.iso
  .datetime({ offset: true, error: "Use a date and time like 2026-03-31T18:30:00Z" })
  .refine(inYearRange, OUT_OF_RANGE);
