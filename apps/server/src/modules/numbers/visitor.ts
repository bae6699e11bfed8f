import { lt, sql } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { Db } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import { numbersSalts } from "./tables";

/** What the server knows of the request an event came with. Nothing of it is stored as it is. */
export interface Visitor {
  ip: string | undefined;
  headers: IncomingHttpHeaders;
  /** The store's own host (the Host header): a referrer from it is a page of the shop, not a source. */
  host: string | undefined;
  /** From the store's geo lookup (CDN header or the offline database), null when unknown. */
  country: string | null;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
};

/** Do Not Track or Global Privacy Control: the shopper asked not to be counted, so nothing is recorded. */
export function declinesTracking(headers: IncomingHttpHeaders): boolean {
  return header(headers, "dnt") === "1" || header(headers, "sec-gpc") === "1";
}

/** Crawlers, link previews, monitors and scripts: they are not shoppers. */
const BOT =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse|pingdom|curl|wget|python|httpclient|axios|node-fetch|go-http/i;
export function isBot(headers: IncomingHttpHeaders): boolean {
  const agent = header(headers, "user-agent");
  return agent === "" || BOT.test(agent);
}

/** Phones and tablets count as mobile: the class the seller designs for, from the user agent alone. */
export function deviceOf(headers: IncomingHttpHeaders): "mobile" | "desktop" {
  return /mobi|android|iphone|ipad|ipod/i.test(header(headers, "user-agent")) ? "mobile" : "desktop";
}

/** The host of a referrer URL, without "www."; null for none, an unreadable one or a page of the shop itself. */
export function referrerHostOf(referrer: string | undefined, ownHost: string | undefined): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
  const own = ownHost?.split(":")[0]?.toLowerCase();
  if (host === "" || host === own) return null;
  return host.replace(/^www\./, "");
}

/**
 * The day's salt, one for the whole cluster (the first replica to ask creates it). The upkeep job deletes
 * every earlier day's salt, after which that day's sessions can no longer be recomputed from anyone's IP.
 */
export function createSalts(db: Db) {
  let cached: { day: string; salt: string } | null = null;
  return {
    async forDay(day: string): Promise<string> {
      if (cached?.day === day) return cached.salt;
      const fresh = randomBytes(32).toString("hex");
      await db.insert(numbersSalts).values({ day, salt: fresh }).onConflictDoNothing();
      const [row] = await db
        .select({ salt: numbersSalts.salt })
        .from(numbersSalts)
        .where(sql`${numbersSalts.day} = ${day}`);
      cached = { day, salt: row!.salt };
      return cached.salt;
    },
  };
}

/** Deletes the salts of days before today's (IST). */
export async function discardOldSalts(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(numbersSalts)
    .where(lt(numbersSalts.day, istDayOf(now)))
    .returning();
  return gone.length;
}

/** The day-session: a hash of the day's salt, the IP and the user agent. Not reversible, and new every day. */
export function sessionOf(salt: string, visitor: Visitor): string {
  return createHash("sha256")
    .update(`${salt}\n${visitor.ip ?? ""}\n${header(visitor.headers, "user-agent")}`)
    .digest("base64url")
    .slice(0, 22);
}
