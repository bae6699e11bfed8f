import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  it("loads on the first call only and answers the same promise after", async () => {
    let loads = 0;
    const load = loadOnce(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(loads).toBe(1);
  });
});
