import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app";
import { builtOnce } from "./prepared";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(() => app.close());

describe("builtOnce (decision 058)", () => {
  it("builds a shape's text once per database and fills its placeholders at every run", async () => {
    const builds: unknown[] = [];
    const statement = builtOnce<{ step: string; plus: number }, { n: number; word: string }>(
      { plan: "prepared" },
      (_db, shape) => {
        builds.push(shape);
        return sql`select ${sql.placeholder("n")}::int + ${sql.raw(String(shape.plus))} as n, ${sql.placeholder("word")}::text as word`;
      },
    );
    const db = app.database.db;

    expect(await statement(db, { step: "add", plus: 1 })({ n: 1, word: "cotton" })).toEqual([{ n: 2, word: "cotton" }]);
    expect(await statement(db, { step: "add", plus: 1 })({ n: 41, word: "kaftan" })).toEqual([
      { n: 42, word: "kaftan" },
    ]);
    // The same fields in another order are the same shape.
    expect(statement(db, { plus: 1, step: "add" })).toBe(statement(db, { step: "add", plus: 1 }));
    expect(builds).toEqual([{ step: "add", plus: 1 }]);

    expect(await statement(db, { step: "add", plus: 2 })({ n: 0, word: "silk" })).toEqual([{ n: 2, word: "silk" }]);
    expect(builds).toEqual([
      { step: "add", plus: 1 },
      { step: "add", plus: 2 },
    ]);
  });
});
