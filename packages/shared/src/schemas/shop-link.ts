import { z } from "zod";
import { SELLER } from "../seller";
import { isCleanText } from "./input-rules";

/**
 * The hosts an address of our own shop is copied from: the live site (with or without www) and a local
 * run (any port). Only the path is kept, so the host never matters once stored.
 */
const SHOP_HOST = new URL(SELLER.website).hostname;
const OWN_HOSTS = new Set([SHOP_HOST, SHOP_HOST.replace(/^www\./, ""), "localhost", "127.0.0.1"]);

/** A site path that a link can point at: one leading slash, no backslash or blank. */
const isSitePath = (value: string) =>
  value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") && !/\s/.test(value);

/**
 * An address of our shop as a path: `http://localhost:3000/product/12?size=M#reviews` and
 * `https://www.jaipurkalahouse.in/product/12` both become `/product/12?size=M#reviews`, a path stays as
 * it is. Another host (or anything that is not an address) comes back unchanged, for the check to refuse.
 */
export function toShopPath(value: string): string {
  if (value.startsWith("/")) return value;
  try {
    const url = new URL(value);
    if ((url.protocol === "http:" || url.protocol === "https:") && OWN_HOSTS.has(url.hostname))
      return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    // Not an address: refused below.
  }
  return value;
}

export const SHOP_LINK_MESSAGE = "Use an address of this shop, e.g. /product/12 or a link copied from the shop";

/** A link to a page of our own shop, stored as its path (the blog's product link). */
export const shopLinkSchema = z
  .string({ error: SHOP_LINK_MESSAGE })
  .trim()
  .min(1, SHOP_LINK_MESSAGE)
  .max(2000, "This link is too long")
  .overwrite(toShopPath)
  .refine((value) => isCleanText(value) && isSitePath(value), SHOP_LINK_MESSAGE);
