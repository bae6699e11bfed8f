import { CATEGORIES } from "@store/shared";

/**
 * A category's name in the back office's product screens. Not in format.ts: the shopper's order pages
 * use that module, and the category tables would come along into their first load (decision 047).
 */
export function categoryName(id: number): string {
  return CATEGORIES.find((c) => c.id === id)?.name ?? `Category ${id}`;
}
