import { eq, sql } from "drizzle-orm";
import type { CatalogueSettings, ListingOrder } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { invalidateCatalogCache } from "./cache";
import { catalogSettings } from "./tables";

const LISTING_ORDER_KEY = "listing_order";
/** The shop's order before the setting existed: oldest first, so new products appear last. */
export const DEFAULT_LISTING_ORDER: ListingOrder = "oldest_first";

const isListingOrder = (value: string | undefined): value is ListingOrder =>
  value === "oldest_first" || value === "newest_first";

/** The catalogue settings as stored, defaults filled in. */
export async function readCatalogueSettings(db: Db | Tx): Promise<CatalogueSettings> {
  const [row] = await db
    .select({ value: catalogSettings.value })
    .from(catalogSettings)
    .where(eq(catalogSettings.key, LISTING_ORDER_KEY));
  return { listing_order: isListingOrder(row?.value) ? row.value : DEFAULT_LISTING_ORDER };
}

/** Stores the settings in the caller's transaction; listings follow once it commits. */
export async function writeCatalogueSettings(tx: Tx, settings: CatalogueSettings): Promise<void> {
  await tx
    .insert(catalogSettings)
    .values({ key: LISTING_ORDER_KEY, value: settings.listing_order })
    .onConflictDoUpdate({
      target: catalogSettings.key,
      set: { value: settings.listing_order, updatedAt: sql`now()` },
    });
  invalidateCatalogCache();
}
