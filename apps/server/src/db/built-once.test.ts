import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app";
import { builtForAnySession, builtOnce } from "./prepared";

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

const words = pgTable("built_once_words", { id: integer("id").primaryKey(), word: text("word").notNull() });

describe("builtForAnySession (decision 116)", () => {
  it("builds a query once and runs it on the database or on a transaction's own connection", async () => {
    const db = app.database.db;
    await db.execute(sql`create table built_once_words (id integer primary key, word text not null)`);
    await db.insert(words).values({ id: 1, word: "cotton" });
    let builds = 0;
    const wordById = builtForAnySession("test_word_by_id", (session) => {
      builds += 1;
      return session
        .select()
        .from(words)
        .where(eq(words.id, sql.placeholder("id")));
    });

    expect(await wordById(db).execute({ id: 1 })).toEqual([{ id: 1, word: "cotton" }]);
    class Undo extends Error {}
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(words).values({ id: 2, word: "kaftan" });
        // Only the transaction's connection sees its row before a commit.
        expect(await wordById(tx).execute({ id: 2 })).toEqual([{ id: 2, word: "kaftan" }]);
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(await wordById(db).execute({ id: 2 })).toEqual([]);
    expect(builds).toBe(1);
  });
});
