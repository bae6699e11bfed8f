import { asc } from "drizzle-orm";
import type { AdminHomeCategory, HomeCategoryPatch } from "@store/shared";
import { tableResource } from "../../lib/table-resource";
import { invalidateCatalogCache } from "./cache";
import { homeCategories } from "./tables";

/**
 * The home page's category strip as the back office edits it: the seeded tiles of the spec's ten names,
 * each with its image, link, position and whether it is shown. No tile is added or deleted here.
 */
export const homeCategoryResource = tableResource({
  entity: "home_category",
  label: "Home category",
  table: homeCategories,
  id: homeCategories.id,
  orderBy: [asc(homeCategories.position), asc(homeCategories.id)],
  toView: (row: typeof homeCategories.$inferSelect): AdminHomeCategory => ({
    id: row.id,
    name: row.name,
    media: row.media,
    navigate_link: row.navigateLink,
    position: row.position,
    is_shown: row.isShown,
  }),
  toUpdate: (patch: HomeCategoryPatch) => ({
    media: patch.media,
    navigateLink: patch.navigate_link,
    position: patch.position,
    isShown: patch.is_shown,
  }),
  // The strip is cached with the rest of the catalogue's hot reads.
  afterWrite: invalidateCatalogCache,
});
