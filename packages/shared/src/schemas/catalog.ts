import { z } from "zod";

export const subcategorySchema = z.object({ id: z.number().int(), name: z.string() });

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The lowercase, decoded URL segment (spec: '/:category'). */
  slug: z.string(),
  subcategories: z.array(subcategorySchema),
});

/** `GET /api/get-all-category-list/` */
export const categoryListResponseSchema = z.object({ categories: z.array(categorySchema) });

export type Category = z.infer<typeof categorySchema>;
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;
