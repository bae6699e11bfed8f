import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL full-text document; written by the database (generated column), read only for ranking. */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});
