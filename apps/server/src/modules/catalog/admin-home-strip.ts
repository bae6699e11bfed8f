import { asc } from "drizzle-orm";
import type { AdminHomeCategory, HomeCategoryCreate, HomeCategoryPatch } from "@store/shared";
import { duplicateField } from "../../lib/failures";
import { tableResource } from "../../lib/table-resource";
import { invalidateCatalogCache } from "./cache";
import { homeCategories } from "./tables";

/** The home page's category strip as the back office edits it. */
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
  }),
  toInsert: (input: HomeCategoryCreate) => ({
    name: input.name,
    media: input.media,
    navigateLink: input.navigate_link,
    position: input.position,
  }),
  toUpdate: (patch: HomeCategoryPatch) => ({
    name: patch.name,
    media: patch.media,
    navigateLink: patch.navigate_link,
    position: patch.position,
  }),
  duplicate: () => duplicateField("name", "The strip already has a tile with this name."),
  // The strip is cached with the rest of the catalogue's hot reads.
  afterWrite: invalidateCatalogCache,
});
