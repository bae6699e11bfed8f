import type { ReactNode } from "react";
import type { z } from "zod";
import type { Column } from "./list-table";
import type { Option } from "./form-controls";

/** A form's values as the controls hold them: text as typed, checkboxes as booleans. */
export type FormValues = Record<string, string | boolean>;

export type CrudField = {
  name: string;
  label: string;
  /**
   * rich: formatted text written in an editor, sent as HTML (the server sanitises it);
   * lines: a list typed one item a line, "Title: text", sent as [{ title, text }].
   */
  kind: "text" | "textarea" | "number" | "select" | "checkbox" | "datetime" | "media" | "rich" | "lines";
  /** A label that follows other fields (an amount names the currency chosen beside it). */
  labelOf?: (values: FormValues) => string;
  required?: boolean;
  hint?: string;
  /** A hint that follows the values typed (e.g. the minimum converted to the other currency). */
  hintOf?: (values: FormValues) => string | undefined;
  options?: readonly Option[];
  /** An empty value is sent as null ("none", "unlimited"); otherwise it is left out. */
  emptyIsNull?: boolean;
  /** Spans the form's two columns. */
  wide?: boolean;
};

/** One flat back-office record (promo code, blog post, home strip tile, testimonial) and how to edit it. */
export type CrudConfig<T extends { id: number }> = {
  title: string;
  lead?: string;
  singular: string;
  /** The API collection, e.g. /api/admin/promo-codes. */
  path: string;
  columns: readonly Column<T>[];
  fields: readonly CrudField[];
  blank: FormValues;
  valuesOf: (item: T) => FormValues;
  /** What a row is called in buttons and the delete question ("promo code SAVE10"). */
  nameOf: (item: T) => string;
  createSchema: z.ZodType;
  patchSchema: z.ZodType;
  preview?: (values: FormValues) => ReactNode;
  /** A fixed set of records (the home strip's ten tiles): edited only, no add or delete. */
  fixed?: boolean;
};
