import type { NumbersQuery, NumbersReport } from "@store/shared";
import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../catalog/tables";
import { numbersDaily } from "./tables";

/** How many rows each list shows (the CSV has the same rows). */
const LIST_LIMIT = 50;
/** "Viewed often": at least this many views in the period. */
const MIN_VIEWS = 3;

/** The seller's numbers for a period, from the daily rollups, filtered by device class and country. */
export async function readReport(db: Db, query: NumbersQuery): Promise<NumbersReport> {
  const where = (metric: string | SQL) => {
    const filters = [
      gte(numbersDaily.day, query.from),
      lte(numbersDaily.day, query.to),
      typeof metric === "string" ? eq(numbersDaily.metric, metric) : metric,
    ];
    if (query.device !== "all") filters.push(eq(numbersDaily.device, query.device));
    if (query.country) filters.push(eq(numbersDaily.country, query.country));
    return and(...filters);
  };
  const total = sql<number>`sum(${numbersDaily.value})::int`;
  const byKey = (metric: string) =>
    db
      .select({ key: numbersDaily.key, value: total })
      .from(numbersDaily)
      .where(where(metric))
      .groupBy(numbersDaily.key)
      .orderBy(sql`${total} desc`, numbersDaily.key)
      .limit(LIST_LIMIT);

  const funnelRows = await db
    .select({ day: numbersDaily.day, metric: numbersDaily.metric, value: total })
    .from(numbersDaily)
    .where(where(sql`${numbersDaily.metric} in ('visits', 'product_views', 'add_to_cart', 'checkout_started', 'paid')`))
    .groupBy(numbersDaily.day, numbersDaily.metric)
    .orderBy(numbersDaily.day);
  const funnel = new Map<string, NumbersReport["funnel"][number]>();
  for (const row of funnelRows) {
    const day = funnel.get(row.day) ?? {
      day: row.day,
      visits: 0,
      product_views: 0,
      add_to_cart: 0,
      checkout_started: 0,
      paid: 0,
    };
    day[row.metric as "visits"] = row.value;
    funnel.set(row.day, day);
  }

  const sources = await sourceRows(db, where);
  const countries = await db
    .selectDistinct({ country: numbersDaily.country })
    .from(numbersDaily)
    .where(and(gte(numbersDaily.day, query.from), lte(numbersDaily.day, query.to)))
    .orderBy(numbersDaily.country);

  return {
    from: query.from,
    to: query.to,
    funnel: [...funnel.values()],
    searches_without_results: (await byKey("search_none")).map((r) => ({ query: r.key, searches: r.value })),
    searches_with_sales: (await byKey("search_sale")).map((r) => ({ query: r.key, sales: r.value })),
    viewed_not_bought: await viewedNotBought(db, where),
    sources,
    countries: countries.map((c) => c.country),
  };
}

type Where = (metric: string | SQL) => SQL | undefined;

const sumOf = (metric: string) =>
  sql<number>`coalesce(sum(${numbersDaily.value}) filter (where ${numbersDaily.metric} = ${metric}), 0)::int`;

/** Products with the most views per purchase: viewed at least MIN_VIEWS times, fewest bought first. */
async function viewedNotBought(db: Db, where: Where): Promise<NumbersReport["viewed_not_bought"]> {
  const views = sumOf("viewed");
  const bought = sumOf("bought");
  const rows = await db
    .select({
      key: numbersDaily.key,
      views,
      bought,
      name: sql<string | null>`max(${products.name})`,
    })
    .from(numbersDaily)
    .leftJoin(products, sql`${products.id}::text = ${numbersDaily.key}`)
    .where(where(sql`${numbersDaily.metric} in ('viewed', 'bought')`))
    .groupBy(numbersDaily.key)
    .having(sql`${views} >= ${MIN_VIEWS}`)
    .orderBy(sql`${bought}::float / ${views}`, sql`${views} desc`, numbersDaily.key)
    .limit(LIST_LIMIT);
  return rows.map((r) => ({
    product_id: Number(r.key),
    name: r.name ?? `Product ${r.key} (deleted)`,
    views: r.views,
    bought: r.bought,
  }));
}

/** Visits and orders by landing source (referrer host and UTM tags), most visits first. */
async function sourceRows(db: Db, where: Where): Promise<NumbersReport["sources"]> {
  const rows = await db
    .select({
      key: numbersDaily.key,
      visits: sumOf("source_visits"),
      paid: sumOf("source_paid"),
    })
    .from(numbersDaily)
    .where(where(sql`${numbersDaily.metric} in ('source_visits', 'source_paid')`))
    .groupBy(numbersDaily.key)
    .orderBy(sql`${sumOf("source_visits")} desc`, sql`${sumOf("source_paid")} desc`, numbersDaily.key)
    .limit(LIST_LIMIT);
  return rows.map((r) => {
    const [host = "", source = "", medium = "", campaign = ""] = JSON.parse(r.key) as string[];
    return {
      referrer_host: host,
      utm_source: source,
      utm_medium: medium,
      utm_campaign: campaign,
      visits: r.visits,
      paid: r.paid,
    };
  });
}
