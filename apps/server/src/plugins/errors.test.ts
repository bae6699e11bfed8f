import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openTestDatabase, testConfig } from "../testing/test-app";

/** Every failure answers `{ message, code, errors: [] }`, whoever makes the answer (issue 11). */
let app: FastifyInstance;
let origin: URL;
beforeAll(async () => {
  app = await buildApp({ config: testConfig(), database: await openTestDatabase(), logger: false });
  // A query the database refuses with a class 22 error, as a value a schema let through would be.
  app.get("/test/out-of-range", async () => app.database.db.execute(sql`select 2147483648::int as n`));
  origin = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
});
afterAll(() => app.close());

const SHAPE = { message: expect.any(String), code: expect.any(String), errors: [] };

/** Writes bytes to the listening server and reads everything it answers until it closes. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(origin.port), origin.hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = Buffer.concat(chunks).toString("utf8").split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head, body });
    });
    socket.end(request);
  });
}

describe("answers made before Fastify sees a request", () => {
  it("headers too large: Node's 431 carries the error body", async () => {
    const res = await raw(`GET /api/geo/ HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({
      message: "The request's headers are too large.",
      code: "HEADERS_TOO_LARGE",
      errors: [],
    });
  });

  it("a request that is not HTTP: 400 with the error body", async () => {
    const res = await raw("HELLO THERE\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      message: "The request is not valid HTTP.",
      code: "BAD_REQUEST",
      errors: [],
    });
  });
});

describe("Fastify's own refusals", () => {
  const post = (payload: string, contentType = "application/json") =>
    app.inject({
      method: "POST",
      url: "/api/create-query/",
      payload,
      headers: { "content-type": contentType },
      remoteAddress: "198.18.0.1",
    });

  it.each([
    ["bad JSON", () => post('{"name":'), 400, "FST_ERR_CTP_INVALID_JSON_BODY"],
    ["an empty JSON body", () => post(""), 400, "FST_ERR_CTP_EMPTY_JSON_BODY"],
    [
      "a body over the limit",
      () => post(JSON.stringify({ query: "x".repeat(1_100_000) })),
      413,
      "FST_ERR_CTP_BODY_TOO_LARGE",
    ],
    ["an unsupported media type", () => post("<query/>", "application/xml"), 415, "FST_ERR_CTP_INVALID_MEDIA_TYPE"],
    ["an unknown route", () => app.inject({ url: "/api/no-such-thing/" }), 404, "NOT_FOUND"],
    [
      "a broken percent-encoding in the path",
      () => app.inject({ url: "/api/orders/%E0%A4%A" }),
      400,
      "FST_ERR_BAD_URL",
    ],
    [
      "an over-long path parameter",
      () => app.inject({ url: `/api/orders/${"9".repeat(300)}` }),
      414,
      "FST_ERR_MAX_PARAM_LENGTH",
    ],
  ])("%s", async (_what, send, status, code) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ ...SHAPE, code });
  });

  it("the rate limit's 429", async () => {
    const send = () =>
      app.inject({ method: "POST", url: "/api/create-query/", payload: {}, remoteAddress: "198.18.0.2" });
    let res = await send();
    for (let i = 0; i < 20 && res.statusCode !== 429; i++) res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ ...SHAPE, code: "RATE_LIMITED" });
  });
});

describe("the database's data exceptions (the net below the schemas)", () => {
  it("a value out of the column's range is a 400, not a 500", async () => {
    const res = await app.inject({ url: "/test/out-of-range" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...SHAPE, code: "INVALID_VALUE" });
  });
});
