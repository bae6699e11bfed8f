import { asc, getTableName, inArray, sql, type Column, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { productImages } from "../catalog/tables";

/**
 * Each product's main photo (the first by position) as the catalogue has it now, by product id: what the
 * confirmation page and e-mail show beside a line. A product deleted since (line's product null) or without
 * photos has none. The order keeps no copy: a photo changed later shows the new one.
 */
export async function mainPhotos(db: Db | Tx, productIds: (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(productIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const photos = new Map<number, string>();
  for (const row of rows) if (!photos.has(row.productId)) photos.set(row.productId, row.url);
  return photos;
}

/**
 * The same main photo as a column of the caller's read (null when none): a confirmation reads its lines with
 * their photos in one statement. The outer column is written with its table's name: drizzle leaves the
 * columns of a one-table select unqualified, and inside this subquery a bare "product_id" would name the
 * photo's own column, matching every photo.
 */
export function mainPhotoOf(productId: Column): SQL<string | null> {
  const outer = sql`${sql.identifier(getTableName(productId.table))}.${sql.identifier(productId.name)}`;
  return sql<string | null>`(select ${productImages.url} from ${productImages}
    where ${productImages.productId} = ${outer}
    order by ${productImages.position} asc, ${productImages.id} asc limit 1)`;
}
