import { CART_COOKIE, CURRENCY_COOKIE, SESSION_HINT_COOKIE, type Currency } from "@store/shared";
import lighthouse, { type Result } from "lighthouse";
import puppeteer from "puppeteer-core";
import { visitorHeaders } from "./visitor";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LoadedAsset {
  url: string;
  type: "script" | "stylesheet";
  /** Bytes on the wire as Lighthouse saw them (whatever encoding the server chose). */
  transferBytes: number;
}

export interface LighthouseSummary {
  scores: Record<Category, number>;
  /**
   * SEO without the `is-crawlable` audit, for the pages that deliberately ask not to be indexed (search,
   * cart, account): that audit fails any noindex page, so 100 is out of reach by design (decision 012).
   * `noindex` says whether the page did ask (the audit failed), so the exception cannot hide a real miss.
   */
  seoWithoutNoindex: { score: number; noindex: boolean };
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /**
   * Lighthouse's measure of the host's speed at the run (`lhr.environment.benchmarkIndex`, higher is faster):
   * the simulated phone's CPU is this machine slowed 4x, so a score means little without it (issue 46).
   */
  benchmarkIndex: number;
  assets: LoadedAsset[];
  /** Audits that cost points (score below 1), per category, so a missed 100 says why. */
  failingAudits: Record<Category, string[]>;
  warnings: string[];
  /** The whole report, for digging into a missed score (pages.ts saves the median run's). */
  lhr: Result;
}

function numeric(lhr: Result, id: string): number {
  return Math.round((lhr.audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000;
}

function assets(lhr: Result): LoadedAsset[] {
  const details = lhr.audits["network-requests"]?.details as { items?: Record<string, unknown>[] } | undefined;
  return (details?.items ?? []).flatMap((item) => {
    const type =
      item.resourceType === "Script" ? "script" : item.resourceType === "Stylesheet" ? "stylesheet" : undefined;
    if (!type || typeof item.url !== "string") return [];
    return [{ url: item.url, type, transferBytes: typeof item.transferSize === "number" ? item.transferSize : 0 }];
  });
}

function seoWithoutNoindex(lhr: Result): LighthouseSummary["seoWithoutNoindex"] {
  const refs = (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.id !== "is-crawlable" && ref.weight > 0);
  const weight = refs.reduce((total, ref) => total + ref.weight, 0);
  // Lighthouse's own category score: the weighted mean of the audits' scores (a null score counts as 0).
  const sum = refs.reduce((total, ref) => total + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0);
  return {
    score: weight > 0 ? Math.round((sum / weight) * 100) : 0,
    noindex: lhr.audits["is-crawlable"]?.score === 0,
  };
}

function failing(lhr: Result, category: Category): string[] {
  return (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1 || ref.weight === 0) return [];
    return [`${ref.id} (${Math.round(audit.score * 100)}): ${audit.displayValue ?? audit.title}`];
  });
}

/**
 * Every run is the same visitor's first visit (lib/visitor.ts): no cookie is left from an earlier run (the
 * remembered currency, the session hint), and the page's origin gets exactly these localStorage entries (none
 * by default). The cart id and the session token live in the browser's storage, and the cookies follow them
 * as the shop keeps them: the cart cookie a stored cartId (decision 057), the session hint a stored token
 * (a browser that signed in has it, so the server renders the account, not the login screen). A visit that
 * is not a first one names the currency the shop remembered for it. Lighthouse's own storage reset clears
 * the HTTP cache and service workers but neither localStorage nor cookies.
 */
async function prepareVisit(
  url: string,
  port: number,
  entries: Record<string, string>,
  currency: Currency | undefined,
): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    const devtools = await page.createCDPSession();
    await devtools.send("Network.clearBrowserCookies");
    await devtools.detach();
    // Any same-origin document will do; robots.txt is small and renders no app.
    await page.goto(new URL("/robots.txt", url).href);
    const cookies: Record<string, string> = {
      ...(entries.cartId && { [CART_COOKIE]: entries.cartId }),
      ...(entries.token && { [SESSION_HINT_COOKIE]: "1" }),
      ...(currency && { [CURRENCY_COOKIE]: currency }),
    };
    await page.evaluate(
      (stored: Record<string, string>, set: Record<string, string>) => {
        // Runs in the page; bench compiles without the DOM types.
        const { localStorage: storage, document } = globalThis as unknown as {
          localStorage: { clear(): void; setItem(k: string, v: string): void };
          document: { cookie: string };
        };
        storage.clear();
        for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
        for (const [name, value] of Object.entries(set)) document.cookie = `${name}=${value}; Path=/; SameSite=Lax`;
      },
      entries,
      cookies,
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * What the visit starts with: the origin's localStorage, the currency the shop remembered (none on a first
 * visit), and the headers every request sends (the visitor's).
 */
export interface Visit {
  localStorage?: Record<string, string>;
  currency?: Currency;
  headers?: Record<string, string>;
}

/**
 * One Lighthouse navigation: the default config is mobile with simulated throttling, which we keep.
 * A run whose trace broke (NO_NAVSTART and the like happen on a busy machine) is tried again, twice at most.
 */
export async function runLighthouse(
  url: string,
  port: number,
  visit: Visit = {},
  attempts = 3,
): Promise<LighthouseSummary> {
  for (let attempt = 1; ; attempt++) {
    try {
      await prepareVisit(url, port, visit.localStorage ?? {}, visit.currency);
      return await lighthouseOnce(url, port, visit.headers ?? visitorHeaders);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`lighthouse: ${url}: ${error instanceof Error ? error.message : String(error)}; trying again`);
    }
  }
}

async function lighthouseOnce(url: string, port: number, headers: Record<string, string>): Promise<LighthouseSummary> {
  const run = await lighthouse(url, {
    port,
    logLevel: "error",
    output: "json",
    onlyCategories: [...CATEGORIES],
    formFactor: "mobile",
    throttlingMethod: "simulate",
    maxWaitForLoad: 45_000,
    extraHeaders: headers,
  });
  if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = run.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    seoWithoutNoindex: seoWithoutNoindex(lhr),
    metrics: {
      fcpMs: numeric(lhr, "first-contentful-paint"),
      lcpMs: numeric(lhr, "largest-contentful-paint"),
      tbtMs: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      speedIndexMs: numeric(lhr, "speed-index"),
    },
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    assets: assets(lhr),
    failingAudits: Object.fromEntries(CATEGORIES.map((c) => [c, failing(lhr, c)])) as Record<Category, string[]>,
    warnings: lhr.runWarnings.map(String),
    lhr,
  };
}
