import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { setImmediate } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createCatalogCache, invalidateCatalogCache, isCurrentAnswer, markCatalogStale } from "./cache";

/** A full garbage collection on demand (the flag exposes gc to contexts made after it is set). */
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

function counter() {
  let calls = 0;
  return { load: async () => ++calls, calls: () => calls };
}

describe("catalogue cache", () => {
  it("loads once per key until the entry expires", async () => {
    let now = 1_000;
    const cache = createCatalogCache({ ttlMs: 100, now: () => now });
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

  it("hands out the same object while the entry is valid, and a new one after an invalidation", async () => {
    const cache = createCatalogCache();
    const load = async () => ({ data: [1] });
    const first = await cache.get("k", load);
    expect(await cache.get("k", load)).toBe(first);
    invalidateCatalogCache();
    expect(await cache.get("k", load)).not.toBe(first);
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

  it("does not keep a load that was in flight when the catalogue changed", async () => {
    const cache = createCatalogCache();
    let release: (value: string) => void = () => {};
    const stale = cache.get("k", () => new Promise<string>((resolve) => (release = resolve)));
    invalidateCatalogCache();
    release("read before the change");
    expect(await stale).toBe("read before the change");
    expect(await cache.get("k", async () => "read after the change")).toBe("read after the change");
  });

  it("lets go of its answers when the catalogue changes, though no one reads it again", async () => {
    const cache = createCatalogCache();
    // Made in a function of its own, so nothing in this test holds the answer but the cache.
    const remember = async () => {
      const answer = { data: new Array(1000).fill("card") };
      await cache.get("k", async () => answer);
      return new WeakRef(answer);
    };
    const held = await remember();
    await setImmediate();
    collectGarbage();
    expect(held.deref()).toBeDefined();
    markCatalogStale();
    // A WeakRef keeps its target until the current job ends: collect after it.
    await setImmediate();
    collectGarbage();
    expect(held.deref()).toBeUndefined();
  });

  it("drops the least recently used entry beyond its size", async () => {
    const cache = createCatalogCache({ maxEntries: 2 });
    const loads = { a: counter(), b: counter(), c: counter() };
    await cache.get("a", loads.a.load);
    await cache.get("b", loads.b.load);
    await cache.get("a", loads.a.load); // a is now the most recently used
    await cache.get("c", loads.c.load); // so b goes
    await cache.get("a", loads.a.load);
    await cache.get("b", loads.b.load);
    expect([loads.a.calls(), loads.b.calls(), loads.c.calls()]).toEqual([1, 2, 1]);
  });

  it("does not keep a failed load", async () => {
    const cache = createCatalogCache();
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("k", async () => "recovered")).toBe("recovered");
  });

  it("tells whether an answer it handed out may still be served (kept answers, decision 111)", async () => {
    let now = 1_000;
    const cache = createCatalogCache({ ttlMs: 100, now: () => now });
    const answer = await cache.get("k", async () => ({ data: [1] }));
    expect(isCurrentAnswer(answer, now)).toBe(true);
    expect(isCurrentAnswer({ data: [1] }, now)).toBe(false);
    now += 100;
    expect(isCurrentAnswer(answer, now)).toBe(false);
    const fresh = await cache.get("k", async () => ({ data: [2] }));
    expect(isCurrentAnswer(fresh, now)).toBe(true);
    markCatalogStale();
    expect(isCurrentAnswer(fresh, now)).toBe(false);
  });

  it("never calls current an answer whose load began before the catalogue changed", async () => {
    const cache = createCatalogCache();
    let release: (value: object) => void = () => {};
    const stale = cache.get("k", () => new Promise<object>((resolve) => (release = resolve)));
    invalidateCatalogCache();
    release({ rows: "read before the change" });
    expect(isCurrentAnswer(await stale)).toBe(false);
  });
});
