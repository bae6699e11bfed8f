import { NUMBERS_BATCH_MAX, type NumbersEvent } from "@store/shared";
import type { NumbersNote } from "./numbers";

/** Events wait this long for company before they are sent (and are sent at once when the page is hidden). */
const WAIT_MS = 3000;
const URL = "/api/events";

const queue: NumbersEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;
/** The referrer belongs to the page load that began the visit, not to the client-side navigations after it. */
let landed = false;

/** Do Not Track or Global Privacy Control: nothing is queued or sent (the server also ignores such requests). */
function declined(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

function eventsOf(note: NumbersNote): NumbersEvent[] {
  if (note.type !== "page") return [note];
  const params = new URLSearchParams(note.search);
  const tag = (name: string) => params.get(name)?.slice(0, 100) || undefined;
  const visit: NumbersEvent = {
    type: "visit",
    path: note.path.slice(0, 500),
    referrer: landed ? undefined : document.referrer.slice(0, 2000) || undefined,
    utm_source: tag("utm_source"),
    utm_medium: tag("utm_medium"),
    utm_campaign: tag("utm_campaign"),
  };
  landed = true;
  const product = /^\/product\/(\d+)/.exec(note.path);
  return product ? [visit, { type: "product_view", product_id: Number(product[1]) }] : [visit];
}

/** Sends what is queued, in batches the server takes; a beacon survives the page being closed. */
function send(): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const body = JSON.stringify({ events: queue.splice(0, NUMBERS_BATCH_MAX) });
    let sent = false;
    try {
      sent = navigator.sendBeacon(URL, new Blob([body], { type: "application/json" }));
    } catch {
      sent = false;
    }
    if (!sent)
      void fetch(URL, { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(
        () => undefined,
      );
  }
}

/** Takes the page's notes: queued, then sent after a short wait or when the page is hidden. */
export function take(notes: NumbersNote[]): void {
  if (declined()) return;
  queue.push(...notes.flatMap(eventsOf));
  if (!listening) {
    listening = true;
    addEventListener("pagehide", send);
    document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && send());
  }
  timer ??= setTimeout(send, WAIT_MS);
}
