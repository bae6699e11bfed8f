import type { Db } from "../../db/client";
import { homeCategoryResource } from "../catalog/admin-home-strip";
import { blogResource, testimonialResource } from "../content/admin-resources";
import { promoCodeResource } from "../promo/admin-codes";
import { auditedResource } from "./resource";

/** Promo codes, the home strip, testimonials and blog posts: each defined by the module that owns its table. */
export function createContentResources(db: Db) {
  return {
    promoCodes: auditedResource(db, promoCodeResource),
    homeCategories: auditedResource(db, homeCategoryResource),
    testimonials: auditedResource(db, testimonialResource),
    blogs: auditedResource(db, blogResource),
  };
}
