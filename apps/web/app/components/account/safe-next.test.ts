import { describe, expect, it } from "vitest";
import { loginPath, safeNext } from "./safe-next";

describe("safeNext (after logging in)", () => {
  it("keeps local paths with their query", () => {
    expect(safeNext("/cart")).toBe("/cart");
    expect(safeNext("/search?query=kaftan")).toBe("/search?query=kaftan");
  });

  it("sends anything that could leave the site, or nothing, to the account page", () => {
    for (const next of [
      null,
      undefined,
      "",
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(safeNext(next)).toBe("/account");
    }
  });
});

describe("loginPath", () => {
  it("comes back to where the shopper was, never to the login page itself", () => {
    expect(loginPath("/account")).toBe("/login?next=%2Faccount");
    expect(loginPath("/login?next=%2Fcart")).toBe("/login");
  });
});
