import { CACHEABLE_PAGE_HEADERS } from "@store/shared";
import { describe, expect, it } from "vitest";
import { markCatalogStale } from "../modules/catalog/cache";
import { createPageCache, inlineScriptHashes, mayKeep, preferredEncoding, type CachedPage } from "./page-cache";

const html = (text: string): CachedPage => ({
  headers: [],
  html: Buffer.from(text),
  scriptSources: "",
  encoded: {},
  bytes: text.length,
});

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
    expect(cache.get("a")?.html.toString()).toBe("a");
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

describe("preferredEncoding", () => {
  it("takes brotli, then gzip, as the browser allows", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*, br;q=0")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("gzip;q=0, *;q=0")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text as written, not those with a src", () => {
    const page = `<script nonce="n">window.a=1</script><script src="/x.js" nonce="n"></script><script type="module">import "/y.js";</script><script>window.a=1</script>`;
    // sha256 of "window.a=1" and of 'import "/y.js";', base64: each once.
    expect(inlineScriptHashes(page)).toBe(
      "'sha256-WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E=' 'sha256-UaHx1DVUYmuPUDHO7Ahb0Svb7BEDi0IVCnpGnlcLbUw='",
    );
  });
});
