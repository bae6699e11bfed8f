import { describe, expect, it } from "vitest";
import { createCatalogCache, invalidateCatalogCache } from "./cache";

function counter() {
  let calls = 0;
  return { load: async () => ++calls, calls: () => calls };
}

describe("catalogue cache", () => {
  it("loads once per key until the entry expires", async () => {
    let now = 1_000;
    const cache = createCatalogCache(100, () => now);
    const a = counter();
    expect(await cache.get("k", a.load)).toBe(1);
    expect(await cache.get("k", a.load)).toBe(1);
    expect(await cache.get("other", async () => "x")).toBe("x");
    now += 99;
    expect(await cache.get("k", a.load)).toBe(1);
    now += 1;
    expect(await cache.get("k", a.load)).toBe(2);
  });

  it("shares one load between concurrent callers", async () => {
    const cache = createCatalogCache();
    const a = counter();
    const results = await Promise.all([cache.get("k", a.load), cache.get("k", a.load), cache.get("k", a.load)]);
    expect(results).toEqual([1, 1, 1]);
    expect(a.calls()).toBe(1);
  });

  it("reloads every cache in the process after invalidateCatalogCache()", async () => {
    const first = createCatalogCache();
    const second = createCatalogCache();
    const a = counter();
    const b = counter();
    await first.get("k", a.load);
    await second.get("k", b.load);
    invalidateCatalogCache();
    expect(await first.get("k", a.load)).toBe(2);
    expect(await second.get("k", b.load)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = createCatalogCache();
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("k", async () => "recovered")).toBe("recovered");
  });
});
