/**
 * Child process: `shoppers` concurrent shoppers share a fixed number of visits (`sessions`) and each takes
 * the next until all are made. A visit browses (listings, product pages, searches), makes a guest's first
 * add to cart, browses on, adds a second piece to that cart and looks at it. Prints a ShopReport as JSON.
 */
import { addToNewCart } from "./flow-requests";
import type { ShopReport, ShopRequestKind, ShopSpec } from "../shop-mix";

const spec = JSON.parse(process.argv[2] ?? "{}") as ShopSpec;
const samples = new Map<ShopRequestKind, number[]>();
const errorSamples = new Set<string>();
let errors = 0;
let requests = 0;

async function call(kind: ShopRequestKind, path: string, body?: unknown): Promise<unknown> {
  const started = performance.now();
  requests += 1;
  const response = await fetch(`${spec.origin}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "accept-encoding": spec.acceptEncoding,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await response.json()) as { code?: string; message?: string };
  if (!response.ok) throw new Error(`${kind}: ${response.status} ${json.code ?? ""} ${json.message ?? ""}`.trim());
  const list = samples.get(kind) ?? [];
  list.push(performance.now() - started);
  samples.set(kind, list);
  return json;
}

/** The n-th of a list, round the list. */
const nth = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

async function visit(n: number): Promise<void> {
  const detail = (k: number) =>
    call("product detail", `/api/get-product-detail/?product_pk=${nth(spec.detailIds, n * 7 + k)}&size=S`);
  const listing = (k: number) =>
    call("listing", `/api/get-all-products/?category_pk=${nth(spec.categoryIds, n + k)}&page=${(k % 2) + 1}`);
  // Half the searches are what many shoppers type (answered from the search cache), half are one shopper's words.
  const search = (k: number) =>
    call(
      "search",
      `/api/search?query=${encodeURIComponent(k === 0 ? nth(spec.popularQueries, n) : nth(spec.distinctQueries, n))}`,
    );
  const first = nth(spec.cartProducts, n);
  const second = nth(spec.cartProducts, n + 1);

  await listing(0);
  await detail(0);
  await search(0);
  await detail(1);
  await detail(2);
  const cart = (await call("first add", "/api/cart-items/", addToNewCart(first))) as { cart_id: string };
  await listing(1);
  await detail(3);
  await search(1);
  await detail(4);
  await detail(5);
  await call("later add", "/api/cart-items/", { ...addToNewCart(second), cart_id: cart.cart_id });
  await call("cart", `/api/get-cart-items/?cart_id=${cart.cart_id}&currency=INR`);
}

let next = spec.firstSession;
const end = spec.firstSession + spec.sessions;
const started = performance.now();
async function shopper(): Promise<void> {
  while (next < end) {
    const n = next++;
    try {
      await visit(n);
    } catch (error) {
      errors += 1;
      if (errorSamples.size < 5) errorSamples.add(error instanceof Error ? error.message : String(error));
    }
  }
}
await Promise.all(Array.from({ length: spec.shoppers }, () => shopper()));
const seconds = (performance.now() - started) / 1000;

const report: ShopReport = {
  requests,
  seconds,
  samplesMs: Object.fromEntries(samples),
  errors,
  errorSamples: [...errorSamples],
};
process.stdout.write(JSON.stringify(report));
