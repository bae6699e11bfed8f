import { isNull, sql } from "drizzle-orm";
import type { ReviewFit } from "@store/shared";
import type { Db } from "../db/client";
import { products } from "../modules/catalog/tables";
import { customerReviews } from "../modules/reviews/tables";
import type { ProductSeed } from "./catalogue";
import { REVIEWER_CITIES, REVIEWER_NAMES, reviewLines, type ReviewMood } from "./data/reviews";
import { createRng, hashString, type Rng } from "./random";

type ReviewRow = typeof customerReviews.$inferInsert;

const DAY = 86_400_000;
/** Seeded reviews are dated in the weeks before this day, so "newest first" is the same on every run. */
const LATEST = Date.UTC(2025, 10, 30);

function moodOf(rng: Rng): { mood: ReviewMood; rating: number } {
  const roll = rng.next();
  if (roll < 0.55) return { mood: "loved", rating: 5 };
  if (roll < 0.85) return { mood: "liked", rating: 4 };
  return { mood: "mixed", rating: rng.pick([2, 3, 3]) };
}

const FITS: readonly ReviewFit[] = ["true_to_size", "true_to_size", "true_to_size", "true_to_size", "small", "large"];

/**
 * 0 to 12 reviews per active product, drawn from its name (adding a product changes no other's): mostly
 * approved, a few waiting in the moderation queue, none verified (no order stands behind them).
 */
export function demoReviews(catalogue: readonly ProductSeed[], idOf: (name: string) => number): ReviewRow[] {
  return catalogue
    .filter((p) => p.isActive)
    .flatMap((p) => {
      const rng = createRng(hashString(`reviews of ${p.name}`));
      const worn = p.kind === "garment" || p.kind === "kids";
      return Array.from({ length: rng.int(p.topSelling ? 5 : 0, 12) }, (_, i): ReviewRow => {
        const { mood, rating } = moodOf(rng);
        const line = rng.pick(reviewLines(p.kind, mood));
        const size = worn ? rng.pick(p.variants).size : null;
        return {
          productId: idOf(p.name),
          name: rng.pick(REVIEWER_NAMES),
          location: rng.pick(REVIEWER_CITIES),
          rating,
          title: line.title,
          body: line.body,
          size,
          fit: size ? (mood === "mixed" ? rng.pick(["small", "large"] as const) : rng.pick(FITS)) : null,
          isApproved: !rng.chance(0.08),
          createdAt: new Date(LATEST - (i * 9 + rng.int(0, 8)) * DAY - rng.int(0, 86_399) * 1000),
        };
      });
    });
}

const keyOf = (r: { productId?: number | null; name: string; title?: string | null; createdAt?: Date | null }) =>
  `${r.productId ?? ""}|${r.name}|${r.title ?? ""}|${r.createdAt?.toISOString() ?? ""}`;

/** Inserts the seeded reviews not yet there (a review kept or hidden by the seller stays as it is). */
export async function seedReviews(db: Db, rows: ReviewRow[]): Promise<void> {
  const existing = await db
    .select({
      productId: customerReviews.productId,
      name: customerReviews.name,
      title: customerReviews.title,
      createdAt: customerReviews.createdAt,
    })
    .from(customerReviews)
    .where(isNull(customerReviews.orderLineId));
  const have = new Set(existing.map(keyOf));
  const missing = rows.filter((r) => !have.has(keyOf({ ...r, title: r.title ?? "" })));
  for (let i = 0; i < missing.length; i += 500) await db.insert(customerReviews).values(missing.slice(i, i + 500));
}

/**
 * Every product's rating and count from its approved reviews, in one statement; rounded as the reviews
 * module rounds (to one decimal from the sum in tenths), so the seed and a later approval agree.
 */
export async function summariseRatings(db: Db): Promise<void> {
  await db.execute(sql`
    update ${products} p
    set rating = coalesce(s.rating, 0), review_count = coalesce(s.n, 0)
    from (select ${products.id} as id from ${products}) all_products
    left join (
      select product_id, count(*)::int as n, round(sum(rating) * 10 / count(*)) / 10 as rating
      from ${customerReviews} where is_approved group by product_id
    ) s on s.product_id = all_products.id
    where p.id = all_products.id
      and (p.rating is distinct from coalesce(s.rating, 0) or p.review_count is distinct from coalesce(s.n, 0))`);
}
