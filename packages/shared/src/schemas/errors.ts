import { z } from "zod";

/** One field the request got wrong: `path` as "body.name", "query.page"... */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/**
 * The one error body every API failure answers with (architecture page, section 4). `errors` is always
 * there, empty when no single field is to blame, so a client can read it without checking first.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(fieldErrorSchema),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
