import { asc, eq, inArray, sql, type AnyColumn } from "drizzle-orm";
import type { SizeChart, SizeNames, SizeScheme, SizeSchemeWrite, SizeSchemesResponse } from "@store/shared";
import { sizeSchemeWriteSchema } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { duplicateField, isUniqueViolation, notFound } from "../../lib/failures";
import { invalidateCatalogCache } from "./cache";
import { categories, products, sizeSchemes, subcategories } from "./tables";

/**
 * Size schemes (issue 40, decision 074): the name shoppers read for each size code and the size chart, per
 * subcategory, with a product's own scheme winning. Read by the product page, the cart and the order
 * (which keeps the name it was sold under); written by the back office's size charts page.
 */

/** The scheme that applies to a product: its own, else its subcategory's. */
const appliedScheme = sql`coalesce(${products.sizeSchemeId}, ${subcategories.sizeSchemeId})`;

/** The size names and chart of one product (no scheme: no names, no chart). */
export async function productSizeScheme(
  db: Db | Tx,
  productId: number,
): Promise<{ names: SizeNames; chart: SizeChart | null }> {
  const [row] = await db
    .select({ names: sizeSchemes.names, chart: sizeSchemes.chart })
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .innerJoin(sizeSchemes, eq(sizeSchemes.id, appliedScheme))
    .where(eq(products.id, productId));
  return { names: (row?.names ?? {}) as SizeNames, chart: row?.chart ?? null };
}

/** `GET /api/admin/size-schemes`: every scheme with the subcategories using it, and every subcategory. */
export async function listSizeSchemes(db: Db | Tx): Promise<SizeSchemesResponse> {
  const [schemes, subs] = await Promise.all([
    db.select().from(sizeSchemes).orderBy(asc(sizeSchemes.name)),
    db
      .select({
        id: subcategories.id,
        name: subcategories.name,
        category: categories.name,
        schemeId: subcategories.sizeSchemeId,
      })
      .from(subcategories)
      .innerJoin(categories, eq(categories.id, subcategories.categoryId))
      .orderBy(asc(categories.position), asc(subcategories.position), asc(subcategories.id)),
  ]);
  const data: SizeScheme[] = schemes.map((s) => ({
    id: s.id,
    name: s.name,
    names: s.names as SizeNames,
    chart: s.chart ?? null,
    subcategory_ids: subs.filter((sub) => sub.schemeId === s.id).map((sub) => sub.id),
  }));
  return { data, subcategories: subs.map(({ id, name, category }) => ({ id, name, category })) };
}

/**
 * Creates (`id` undefined) or replaces a scheme in the caller's transaction and points the chosen
 * subcategories at it (a subcategory no longer chosen loses it). Answers the scheme's id.
 */
export async function saveSizeScheme(tx: Tx, input: SizeSchemeWrite, id?: number): Promise<number> {
  const scheme = sizeSchemeWriteSchema.parse(input);
  const values = { name: scheme.name, names: scheme.names, chart: scheme.chart, updatedAt: new Date() };
  let schemeId: number;
  try {
    if (id === undefined) {
      const [row] = await tx.insert(sizeSchemes).values(values).returning({ id: sizeSchemes.id });
      schemeId = row!.id;
    } else {
      const [row] = await tx
        .update(sizeSchemes)
        .set(values)
        .where(eq(sizeSchemes.id, id))
        .returning({ id: sizeSchemes.id });
      if (!row) throw notFound("Size scheme");
      schemeId = row.id;
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateField("name", "A size scheme with this name already exists");
    throw error;
  }
  await tx.update(subcategories).set({ sizeSchemeId: null }).where(eq(subcategories.sizeSchemeId, schemeId));
  if (scheme.subcategory_ids.length > 0)
    await tx
      .update(subcategories)
      .set({ sizeSchemeId: schemeId })
      .where(inArray(subcategories.id, scheme.subcategory_ids));
  invalidateCatalogCache();
  return schemeId;
}

/**
 * A select column for a query that joins `products`: the scheme's name for the size in `size` (a column
 * holding a size code), null when the product has no scheme or the scheme leaves that code unnamed.
 */
export function sizeNameColumn(size: AnyColumn) {
  return sql<
    string | null
  >`(select ss.names ->> ${size} from ${sizeSchemes} ss where ss.id = coalesce(${products.sizeSchemeId}, (select sc.size_scheme_id from ${subcategories} sc where sc.id = ${products.subcategoryId})))`;
}
