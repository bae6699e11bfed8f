import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MESSAGES } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../testing/test-app";

/**
 * Pages rendered through React Router, from the web app's sources (the Vite mode of `npm run dev`, so no
 * build is needed and the sources under test are the current ones).
 */
type LogLine = {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url?: string };
  err?: { message?: string };
  url?: string;
};
const lines: LogLine[] = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
const PINO_ERROR = 50;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ ssr: "vite", logStream, config: { logLevel: "info" } });
}, 120_000);
afterAll(() => app.close());

describe("a page whose loader fails on the server", () => {
  it("is logged through the server's logger with the request id, never the console", async () => {
    const consoleError = vi.spyOn(console, "error");
    // A real fault: the blog table is gone from under the running store.
    await app.database.db.execute(sql`alter table blogs rename to blogs_gone`);
    try {
      const res = await app.inject({ url: "/blog" });
      expect(res.statusCode).toBe(500);
      // The page keeps its layout and says what went wrong, in its own words.
      expect(res.body).toContain(MESSAGES.blogListFailed);
      expect(res.body).toContain('aria-label="Main"');

      const incoming = lines.find((line) => line.msg === "incoming request" && line.req?.url === "/blog");
      expect(incoming?.reqId).toBeDefined();
      const failure = lines.find((line) => line.level === PINO_ERROR && line.reqId === incoming?.reqId);
      expect(failure).toMatchObject({ msg: "page failed", url: expect.stringContaining("/blog") });
      expect(failure?.err?.message).toMatch(/blogs/);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      await app.database.db.execute(sql`alter table blogs_gone rename to blogs`);
      consoleError.mockRestore();
    }
  });
});

/** The script-src directive of a Content-Security-Policy header. */
function scriptSrc(policy: string | string[] | number | undefined): string {
  return String(policy)
    .split(";")
    .find((directive) => directive.startsWith("script-src "))!;
}

describe("a page's Content-Security-Policy", () => {
  it("allows its inline scripts by a nonce of its own, never 'unsafe-inline'", async () => {
    const [first, second] = await Promise.all([app.inject({ url: "/blog" }), app.inject({ url: "/blog" })]);
    const nonce = /^script-src 'self' 'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(
      scriptSrc(first!.headers["content-security-policy"]),
    )?.[1];
    expect(nonce).toBeDefined();
    expect(scriptSrc(second!.headers["content-security-policy"])).not.toContain(nonce);

    const scripts = first!.body.match(/<script\b[^>]*>/g) ?? [];
    const inline = scripts.filter((tag) => !tag.includes(" src=") && !tag.includes("application/ld+json"));
    expect(inline.length).toBeGreaterThan(0);
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("keeps the page out of shared caches, since its nonce is good for one answer only", async () => {
    const res = await app.inject({ url: "/about-us" });
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it("leaves the API's policy as it is: the same on every answer, with no nonce", async () => {
    const [a, b] = await Promise.all([
      app.inject({ url: "/api/get-all-blogs/" }),
      app.inject({ url: "/api/get-all-blogs/" }),
    ]);
    expect(scriptSrc(a!.headers["content-security-policy"])).toBe("script-src 'self'");
    expect(b!.headers["content-security-policy"]).toBe(a!.headers["content-security-policy"]);
  });
});
