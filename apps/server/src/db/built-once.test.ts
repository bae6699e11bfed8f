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
    const statement = builtOnce<{ n: number; word: string }>();
    const builds: string[] = [];
    const shape = (key: string) =>
      statement(app.database.db, key, () => {
        builds.push(key);
        return sql`select ${sql.placeholder("n")}::int + 1 as n, ${sql.placeholder("word")}::text as word`;
      });

    expect(await shape("plus one")({ n: 1, word: "cotton" })).toEqual([{ n: 2, word: "cotton" }]);
    expect(await shape("plus one")({ n: 41, word: "kaftan" })).toEqual([{ n: 42, word: "kaftan" }]);
    expect(shape("plus one")).toBe(shape("plus one"));
    expect(builds).toEqual(["plus one"]);

    await shape("another key")({ n: 0, word: "silk" });
    expect(builds).toEqual(["plus one", "another key"]);
  });
});
