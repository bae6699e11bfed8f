import { normaliseQuery, type NumbersBatch } from "@store/shared";
import { istDayOf } from "../../lib/seller-time";
import type { EventRow } from "./buffer";
import { declinesTracking, deviceOf, isBot, referrerHostOf, sessionOf, type Visitor } from "./visitor";

/** The part of every row a visitor's request decides: the day, the session, the device and the country. */
export interface Stamp {
  at: Date;
  day: string;
  session: string;
  device: string;
  country: string;
}

/** Null when nothing may be recorded: a bot, or a shopper who sent Do Not Track or Global Privacy Control. */
export async function stampOf(
  visitor: Visitor,
  saltFor: (day: string) => Promise<string>,
  now = new Date(),
): Promise<Stamp | null> {
  if (declinesTracking(visitor.headers) || isBot(visitor.headers)) return null;
  const day = istDayOf(now);
  return {
    at: now,
    day,
    session: sessionOf(await saltFor(day), visitor),
    device: deviceOf(visitor.headers),
    country: visitor.country ?? "--",
  };
}

const orNull = (text: string | undefined) => (text ? text.toLowerCase() : null);

/** A browser's batch as rows (the shared schema has checked it). */
export function rowsOf(batch: NumbersBatch, stamp: Stamp, ownHost: string | undefined): EventRow[] {
  return batch.events.map((event): EventRow => {
    const base = { ...stamp, kind: event.type };
    switch (event.type) {
      case "visit":
        return {
          ...base,
          path: event.path,
          referrerHost: referrerHostOf(event.referrer, ownHost),
          utmSource: orNull(event.utm_source),
          utmMedium: orNull(event.utm_medium),
          utmCampaign: orNull(event.utm_campaign),
        };
      case "product_view":
      case "add_to_cart":
        return { ...base, productId: event.product_id };
      case "checkout_started":
        return base;
      case "search":
        return {
          ...base,
          query: normaliseQuery(event.query),
          resultCount: event.results,
          productIds: event.product_ids,
        };
    }
  });
}
