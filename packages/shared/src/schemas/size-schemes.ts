import { z } from "zod";
import { PRODUCT_SIZES, type ProductSize } from "../constants";
import { idParam } from "./common";
import { requiredText, text } from "./input-rules";

/**
 * Size schemes (issue 40): the codes S..XL and ONE stay the keys of carts, orders and stock; a scheme gives
 * each code the name a shopper reads and a chart of measurements in cm. The seller edits them in the back
 * office; a subcategory points at one and a product may point at its own.
 */

/** The size codes (catalog's `productSizeSchema` is the same enum; defined here so catalog can import charts). */
const productSizeSchema = z.enum(PRODUCT_SIZES, { error: `size must be one of ${PRODUCT_SIZES.join(", ")}` });

const measure = z
  .number({ error: "each measurement must be a number of cm" })
  .positive("each measurement must be more than 0 cm")
  .max(1000, "a measurement must be at most 1000 cm");

export const sizeChartSchema = z
  .object({
    /** What is measured, e.g. "Chest", "Length" (one column each). */
    measurements: z.array(requiredText("measurement", 40)).min(1, "name at least one measurement").max(6),
    rows: z
      .array(z.object({ size: productSizeSchema, cm: z.array(measure).max(6) }))
      .min(1, "give at least one size's measurements")
      .max(PRODUCT_SIZES.length),
    /** How to measure, under the table. */
    note: text("note", 300).default(""),
  })
  .refine((chart) => chart.rows.every((row) => row.cm.length === chart.measurements.length), {
    message: "every size needs one measurement per column",
    path: ["rows"],
  });

const sizeNamesSchema = z.partialRecord(productSizeSchema, requiredText("size name", 40));

/** `POST /api/admin/size-schemes/` and `PUT /api/admin/size-schemes/:id`. */
export const sizeSchemeWriteSchema = z.object({
  name: requiredText("name", 80),
  names: sizeNamesSchema.default({}),
  chart: sizeChartSchema.nullable().default(null),
  /** The subcategories that use this scheme (their products, unless a product has its own). */
  subcategory_ids: z.array(idParam).max(200).default([]),
});

export const sizeSchemeParamsSchema = z.object({ id: idParam });

export const sizeSchemeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  names: z.partialRecord(productSizeSchema, z.string()),
  chart: sizeChartSchema.nullable(),
  subcategory_ids: z.array(z.number().int()),
});

export const sizeSchemesResponseSchema = z.object({
  data: z.array(sizeSchemeSchema),
  /** Every subcategory, for the editor's choice of where a scheme applies. */
  subcategories: z.array(z.object({ id: z.number().int(), name: z.string(), category: z.string() })),
});

export type SizeChart = z.infer<typeof sizeChartSchema>;
export type SizeNames = Partial<Record<ProductSize, string>>;
export type SizeSchemeWrite = z.input<typeof sizeSchemeWriteSchema>;
export type SizeScheme = z.infer<typeof sizeSchemeSchema>;
export type SizeSchemesResponse = z.infer<typeof sizeSchemesResponseSchema>;
