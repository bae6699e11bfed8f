import { SELLER } from "@store/shared";

/** Head tags of a back-office screen: a title, and kept out of search engines (they are for the seller). */
export function adminMeta(title: string) {
  return [{ title: `${title} | Back office | ${SELLER.brand}` }, { name: "robots", content: "noindex, nofollow" }];
}
