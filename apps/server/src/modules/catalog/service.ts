import { asc } from "drizzle-orm";
import type { CategoryListResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { categories, subcategories } from "./tables";

export function createCatalogService(db: Db) {
  return {
    /** The navigation's categories, each with its subcategories (spec: `categories[]`). */
    async categoryList(): Promise<CategoryListResponse> {
      const [cats, subs] = await Promise.all([
        db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
        db.select().from(subcategories).orderBy(asc(subcategories.position), asc(subcategories.id)),
      ]);
      return {
        categories: cats.map((c) => ({
          id: c.id,
          name: c.name,
          slug: c.slug,
          subcategories: subs.filter((s) => s.categoryId === c.id).map((s) => ({ id: s.id, name: s.name })),
        })),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
