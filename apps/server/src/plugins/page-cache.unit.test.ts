import { CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { describe, expect, it } from "vitest";
import { markCatalogStale } from "../modules/catalog/cache";
import { createPageCache, mayKeep, type CachedPage } from "./page-cache";

const html = (text: string): CachedPage => ({ headers: [], parts: [text], bytes: text.length });

describe("mayKeep", () => {
  const page = (status: number, headers: Record<string, string>) => new Response("<html></html>", { status, headers });

  it("keeps a 200 its route marks as the same for everyone", () => {
    expect(mayKeep(page(200, CACHEABLE_PAGE_HEADERS))).toBe(true);
  });

  it("never keeps a page with a cookie of its own, another status, or no mark", () => {
    expect(mayKeep(page(200, { ...CACHEABLE_PAGE_HEADERS, "set-cookie": "a=1; Path=/" }))).toBe(false);
    expect(mayKeep(page(404, CACHEABLE_PAGE_HEADERS))).toBe(false);
    expect(mayKeep(page(500, CACHEABLE_PAGE_HEADERS))).toBe(false);
    expect(mayKeep(page(200, {}))).toBe(false);
  });
});

describe("createPageCache", () => {
  it("drops every page when the catalogue's generation moves", () => {
    const cache = createPageCache();
    cache.set("a", html("a"), cache.generation());
    expect(cache.get("a")?.parts).toEqual(["a"]);
    markCatalogStale();
    expect(cache.get("a")).toBeUndefined();
  });

  it("does not keep a page rendered before a change that committed while it rendered", () => {
    const cache = createPageCache();
    const renderedIn = cache.generation();
    markCatalogStale();
    cache.set("a", html("a"), renderedIn);
    expect(cache.get("a")).toBeUndefined();
  });

  it("is bounded by bytes, the least recently used page going first", () => {
    const cache = createPageCache({ maxBytes: 10 });
    const now = cache.generation();
    cache.set("a", html("aaaa"), now);
    cache.set("b", html("bbbb"), now);
    cache.get("a");
    cache.set("c", html("cccc"), now);
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")).toBeDefined();
  });
});
