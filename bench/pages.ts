/**
 * `npm run bench:pages -- [--build] [--runs N]`
 * Lighthouse (mobile, simulated throttling, Debian Chromium) on the storefront pages of a production build served
 * by the real server, the gzipped JS and CSS each page loads, and server-render latency under load.
 */
import type { Currency } from "@store/shared";
import { createAdmin } from "@store/server/modules/admin/admin-users";
import { DELIVERY } from "./checkout-flow";
import { addToNewCart } from "./lib/flow-requests";
import { mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { cliArgs, intArg, stringArg } from "./lib/args";
import { launchChromium } from "./lib/chromium";
import { benchDataDir, describeTarget, openBenchDatabase, targetFromArgs } from "./lib/database";
import { runLighthouse, type LighthouseSummary } from "./lib/lighthouse-page";
import { BROWSER_ACCEPT_ENCODING, errorCount, runLoad, type LoadResult } from "./lib/load";
import { fmt, markdownTable } from "./lib/markdown";
import { recordRun, resultsDir, writeResult } from "./lib/results";
import { settleOverHttp, startServerChild } from "./lib/server-child";
import { visitorHeadersFrom, VISITOR } from "./lib/visitor";
import { prepareWebBuild } from "./lib/web-build";
import { fillCatalogue } from "./seed/fill-catalogue";

/** A storefront page in the Lighthouse run. */
interface PageSpec {
  name: string;
  path: string;
  /** The page asks not to be indexed (a shopper's own page, or search's endless variations): decision 012. */
  noindex?: boolean;
  /** localStorage on the page's origin before the run (the cart id and session token live there). */
  localStorage?: Record<string, string>;
  /** What the page shows, when the path alone does not say it. */
  note?: string;
  /** The visitor's country (the CDN's header on every request), when not India's: a shopper abroad. */
  country?: string;
  /** The currency the shop remembered in this browser; none (a first visit) unless given. */
  currency?: Currency;
}

export interface PageResult {
  name: string;
  path: string;
  noindex: boolean;
  note?: string;
  lighthouse: Omit<LighthouseSummary, "lhr">;
  /** The median run's full Lighthouse report (open it in the Lighthouse viewer). */
  reportFile: string;
  /** Every run's performance score; the reported run is the median one. */
  performanceRuns: number[];
  /** Every run's host speed (Lighthouse's benchmarkIndex), in the order of performanceRuns. */
  benchmarkIndexRuns: number[];
  bytes: {
    jsGzip: number;
    cssGzip: number;
    jsTransfer: number;
    cssTransfer: number;
    scripts: number;
    stylesheets: number;
  };
  render: LoadResult & { errors: number };
}

export interface PagesData {
  database: string;
  products: number;
  renderConnections: number;
  pages: PageResult[];
}

const usage = `
Lighthouse and server-render timing of every storefront page (home, listing, filtered listing, product,
search, cart, the checkout at home and abroad, order confirmation, contact, account, store credit, blog).
  --build              rebuild the web app first (always under flock /tmp/web-build.lock)
  --runs N             Lighthouse runs per page, the median performance run is kept (default 1)
  --duration S         seconds of server-render load per page (default 5)
  --connections N      concurrent render requests (default 10)
  --products N         catalogue size (default 2000)
  --database-url URL   PostgreSQL instead of PGlite in bench/.data/pglite-pages
  --only a,b           pages whose name is listed (home, listing, listing-filtered, product, search, cart,
                       cart-full, checkout-abroad, confirmation, contact, account, store-credit, blog,
                       blog-post); saved as pages-partial
`;
const args = cliArgs(usage, {
  build: { type: "boolean" },
  runs: { type: "string" },
  duration: { type: "string" },
  connections: { type: "string" },
  products: { type: "string" },
  "database-url": { type: "string" },
  only: { type: "string" },
});
const only = stringArg(args.only)
  ?.split(",")
  .map((name) => name.trim());
const options = {
  runs: intArg(args.runs, 1, "runs"),
  durationSeconds: intArg(args.duration, 5, "duration"),
  connections: intArg(args.connections, 10, "connections"),
  products: intArg(args.products, 2000, "products"),
};
const target = targetFromArgs("pages", stringArg(args["database-url"]), undefined);
const mediaDir = `${benchDataDir}media`;

/** Gzip (level 9, as the build's size report) of each asset, fetched once from the bench server. */
async function gzipSizes(urls: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  // Once more on a dropped connection: a kept-alive socket the server closes as it is reused (seen at load 20).
  const get = (url: string) =>
    fetch(url, { headers: { "accept-encoding": "identity" } }).catch(() =>
      fetch(url, { headers: { "accept-encoding": "identity" } }),
    );
  for (const url of new Set(urls)) {
    const response = await get(url);
    sizes.set(url, response.ok ? gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length : 0);
  }
  return sizes;
}

async function measurePage(origin: string, port: number, page: PageSpec): Promise<PageResult> {
  const { name, path } = page;
  const headers = visitorHeadersFrom(page.country ?? VISITOR.country);
  const runs: LighthouseSummary[] = [];
  for (let i = 0; i < options.runs; i++) {
    await settleOverHttp(origin);
    console.log(`bench:pages: lighthouse ${name} (${i + 1}/${options.runs})`);
    runs.push(
      await runLighthouse(`${origin}${path}`, port, {
        localStorage: page.localStorage,
        currency: page.currency,
        headers,
      }),
    );
  }
  const benchmarkIndexRuns = runs.map((r) => r.benchmarkIndex);
  const performanceRuns = runs.map((r) => r.scores.performance);
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  const median = runs[Math.floor(runs.length / 2)];
  if (!median) throw new Error("no Lighthouse run");
  const { lhr, ...lighthouse } = median;
  mkdirSync(resultsDir, { recursive: true });
  const reportFile = `${resultsDir}lighthouse-${name}.json`;
  writeFileSync(reportFile, JSON.stringify(lhr));
  const sameOrigin = lighthouse.assets.filter((a) => a.url.startsWith(origin));
  const gz = await gzipSizes(sameOrigin.map((a) => a.url));
  const sum = (type: string, pick: (a: (typeof sameOrigin)[number]) => number) =>
    sameOrigin.filter((a) => a.type === type).reduce((total, a) => total + pick(a), 0);

  await settleOverHttp(origin);
  console.log(`bench:pages: render ${name} (${options.durationSeconds} s, ${options.connections} connections)`);
  const render = await runLoad({
    origin,
    requests: [{ path }],
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: 1,
    timeoutSeconds: 10,
    headers: { accept: "text/html", "accept-encoding": BROWSER_ACCEPT_ENCODING, ...headers },
  });
  return {
    name,
    path,
    noindex: page.noindex ?? false,
    ...(page.note && { note: page.note }),
    lighthouse,
    reportFile,
    performanceRuns,
    benchmarkIndexRuns,
    bytes: {
      jsGzip: sum("script", (a) => gz.get(a.url) ?? 0),
      cssGzip: sum("stylesheet", (a) => gz.get(a.url) ?? 0),
      jsTransfer: sum("script", (a) => a.transferBytes),
      cssTransfer: sum("stylesheet", (a) => a.transferBytes),
      scripts: sameOrigin.filter((a) => a.type === "script").length,
      stylesheets: sameOrigin.filter((a) => a.type === "stylesheet").length,
    },
    render: { ...render, errors: errorCount(render) },
  };
}

async function getJson<T>(origin: string, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${origin}${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function postJson<T>(origin: string, path: string, body: unknown, token?: string): Promise<T> {
  return getJson<T>(origin, path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token && { authorization: `Token ${token}` }) },
    body: JSON.stringify(body),
  });
}

/** The back office's account the bench grants store credit with (made in the database before the server starts). */
const BENCH_ADMIN = { email: "bench-pages-admin@example.in", password: "bench pages admin password" };

interface Priced {
  id: number;
  offer_price: number;
  mrp: number;
}
const cartItem = (product: Priced, currency: string) =>
  addToNewCart({ id: product.id, offerPrice: product.offer_price, mrp: product.mrp }, currency);

/**
 * A new shopper with store credit, as the shop makes one: sign-up and log-in through the API, then the owner's
 * goodwill credit (POST /api/admin/store-credit/:id/adjust). The shopper then buys one piece with the credit
 * alone (POST /api/create-order/, payment_method "store_credit"), so the order is paid at once and the answer
 * carries its tokened confirmation page (`order_page`, what the checkout opens). Returns the session token
 * (the browser keeps it in localStorage) and that page's path.
 */
async function shopperWithCredit(origin: string, product: Priced): Promise<{ token: string; confirmation: string }> {
  const shopper = { email: `bench-pages-${Date.now()}@example.in`, password: "bench pages shopper" };
  await postJson(origin, "/api/signup/", {
    ...shopper,
    mobile_number: "+91 98290 41234",
    country_code: "+91",
    first_name: "Asha",
    last_name: "Meena",
  });
  const login = await postJson<{ token: string; user: { id: number } }>(origin, "/api/login/", shopper);
  const admin = await postJson<{ token: string }>(origin, "/api/login/", BENCH_ADMIN);
  await postJson(
    origin,
    `/api/admin/store-credit/${login.user.id}/adjust`,
    { currency: VISITOR.currency, amount: 50_000, reason: "Bench: a goodwill credit" },
    admin.token,
  );
  const cart = await postJson<{ cart_id: string }>(
    origin,
    "/api/cart-items/",
    cartItem(product, VISITOR.currency),
    login.token,
  );
  const order = await postJson<{ order_page: string }>(
    origin,
    "/api/create-order/",
    {
      ...DELIVERY,
      email: shopper.email,
      amount: product.offer_price,
      currency: VISITOR.currency,
      promo_code: "Nil",
      cart_id: cart.cart_id,
      payment_method: "store_credit",
      use_store_credit: true,
    },
    login.token,
  );
  return { token: login.token, confirmation: order.order_page };
}

/** A filtered listing's URL as the filter form makes it (its fields in order: sizes, then materials). */
async function filteredListing(origin: string): Promise<string> {
  const { categories } = await getJson<{ categories: { id: number; name: string }[] }>(
    origin,
    "/api/get-all-category-list/",
  );
  const women = categories.find((c) => c.name.toLowerCase() === "women") ?? categories[0];
  if (!women) throw new Error("no category to filter");
  const { facets } = await getJson<{ facets: { sizes: { value: string }[]; materials: { value: string }[] } }>(
    origin,
    `/api/get-all-products/?category_pk=${women.id}&page=1&currency=${VISITOR.currency}`,
  );
  const query = new URLSearchParams();
  if (facets.sizes[0]) query.append("size", facets.sizes[0].value);
  if (facets.materials[0]) query.append("material", facets.materials[0].value);
  return `/women?${query.toString()}`;
}

/**
 * Every storefront page a shopper lands on (apps/web/app/routes.ts). The checkout is not a page of its
 * own: it opens inside /cart once the shopper continues, so "cart-full" (a stored cart with one piece)
 * is the checkout's first load; "checkout-abroad" is the same for a shopper in the United States (the CDN's
 * country header), whose pages and cart are in dollars. Account is what a signed-out visitor gets: /account,
 * which sends them to log in (the token lives in the browser); "store-credit" is /account signed in, with a
 * balance. "confirmation" is a paid order's page as the checkout opens it.
 */
async function storefrontPages(origin: string): Promise<PageSpec[]> {
  const top = await getJson<{ data: { id: number; offer_price: number; mrp: number }[] }>(
    origin,
    `/api/product/get-top-selling-product/?currency=${VISITOR.currency}`,
  );
  const product = top.data[0];
  if (!product) throw new Error("no top-selling product to open");
  const abroad = await getJson<{ data: Priced[] }>(origin, `/api/product/get-top-selling-product/?currency=USD`);
  const abroadProduct = abroad.data.find((p) => p.id === product.id) ?? abroad.data[0];
  if (!abroadProduct) throw new Error("no top-selling product in USD");
  const blogs = await getJson<{ data: { id: number }[] }>(origin, "/api/get-all-blogs/");
  const blogId = blogs.data[0]?.id;
  if (blogId === undefined) throw new Error("no blog post to open");
  const cart = await postJson<{ cart_id: string }>(origin, "/api/cart-items/", cartItem(product, VISITOR.currency));
  const usdCart = await postJson<{ cart_id: string }>(origin, "/api/cart-items/", cartItem(abroadProduct, "USD"));
  const shopper = await shopperWithCredit(origin, product);
  return [
    { name: "home", path: "/" },
    { name: "listing", path: "/women" },
    { name: "listing-filtered", path: await filteredListing(origin), note: "a size and a material chosen" },
    { name: "product", path: `/product/${product.id}` },
    { name: "search", path: "/search?query=kaftan", noindex: true },
    { name: "cart", path: "/cart", noindex: true, note: "empty cart" },
    {
      name: "cart-full",
      path: "/cart",
      noindex: true,
      localStorage: { cartId: cart.cart_id },
      note: "one piece in the cart, the checkout's first load",
    },
    {
      name: "checkout-abroad",
      path: "/cart",
      noindex: true,
      localStorage: { cartId: usdCart.cart_id },
      country: "US",
      // The cart was filled in dollars, so this browser has been here and the shop remembered its answer to
      // the position question (spec section 4). A first visit refuses the position here (Lighthouse's
      // browser does), and the spec then turns the page to rupees, re-priced after the first paint.
      currency: "USD",
      note: "a shopper in the US, one piece in a USD cart, USD remembered",
    },
    {
      name: "confirmation",
      path: shopper.confirmation,
      noindex: true,
      note: "a paid order's page, by its link",
    },
    { name: "contact", path: "/contact-us" },
    { name: "account", path: "/account", noindex: true, note: "signed out: sent on to /login" },
    {
      name: "store-credit",
      path: "/account",
      noindex: true,
      localStorage: { token: shopper.token },
      note: "signed in, with a store credit balance",
    },
    { name: "blog", path: "/blog" },
    { name: "blog-post", path: `/blog/${blogId}` },
  ];
}

// A partial run keeps its own latest copy, so the targets table stays on the last complete run.
const result = await recordRun(
  only ? "pages-partial" : "pages",
  { ...options, only, database: describeTarget(target) },
  async (): Promise<PagesData> => {
    const webBuild = prepareWebBuild(Boolean(args.build));
    const seeding = await openBenchDatabase(target);
    const fill = await fillCatalogue(seeding.db, { products: options.products, mediaDir, log: console.log })
      .then(async (filled) => {
        await createAdmin({ db: seeding.db, ...BENCH_ADMIN });
        return filled;
      })
      .finally(() => seeding.close());
    const serverArgs = [
      "--web-build",
      webBuild,
      "--media-dir",
      mediaDir,
      ...(target.kind === "postgres" ? ["--database-url", target.url] : ["--data-dir", target.dataDir ?? ""]),
    ];
    const server = await startServerChild(serverArgs);
    const chromium = await launchChromium().catch((error: unknown) => {
      server.stop();
      throw error;
    });
    try {
      const pages = await storefrontPages(server.origin);
      const results: PageResult[] = [];
      for (const page of pages.filter(({ name }) => !only || only.includes(name)))
        results.push(await measurePage(server.origin, chromium.port, page));
      return {
        database: target.kind,
        products: fill.totalProducts,
        renderConnections: options.connections,
        pages: results,
      };
    } finally {
      server.stop();
      await chromium.close();
    }
  },
);

console.log(`bench:pages: wrote ${writeResult(result)}`);
console.log(
  `\n### Pages (Lighthouse mobile, simulated throttling), load average ${result.loadAverage.mean} (max ${result.loadAverage.max})\n`,
);
console.log(
  markdownTable(
    [
      "page",
      "perf",
      "host index",
      "a11y",
      "best pr.",
      "SEO",
      "LCP",
      "TBT",
      "CLS",
      "JS gz",
      "CSS gz",
      `render p50 (${options.connections} conn.)`,
      "render p99",
      "render req/s",
    ],
    result.data.pages.map((p) => {
      const { scores, metrics } = p.lighthouse;
      return [
        p.name,
        scores.performance,
        p.lighthouse.benchmarkIndex,
        scores.accessibility,
        scores["best-practices"],
        p.noindex ? `${scores.seo} (${p.lighthouse.seoWithoutNoindex.score} w/o noindex)` : scores.seo,
        fmt.ms(metrics.lcpMs),
        fmt.ms(metrics.tbtMs),
        metrics.cls,
        fmt.kb(p.bytes.jsGzip),
        fmt.kb(p.bytes.cssGzip),
        fmt.ms(p.render.latencyMs.p50),
        fmt.ms(p.render.latencyMs.p99),
        fmt.rps(p.render.requestsPerSecond),
      ];
    }),
  ),
);
