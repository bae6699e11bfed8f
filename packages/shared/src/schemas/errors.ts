import { z } from "zod";

/** The one error body every API failure answers with (architecture page, section 4). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
