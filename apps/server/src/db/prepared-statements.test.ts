import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, openDatabase, type Database } from "./client";
import { openPool } from "./postgres";
import { builtOnce } from "./prepared";
import { planEachRun } from "./preparing-client";

const url = process.env.DATABASE_URL;

/** What this connection has prepared, from PostgreSQL's own view of it. */
async function preparedOn(client: { query(text: string): Promise<{ rows: { statement: string }[] }> }) {
  // Starting with a comment, the look itself is not a statement the client prepares.
  const { rows } = await client.query("/* look */ select statement from pg_prepared_statements");
  return rows.map((r) => r.statement);
}

describe.skipIf(!url)("PostgreSQL connections prepare the app's statements (decision 048)", () => {
  const pool = openPool(url!, DEFAULT_LIMITS);
  afterAll(() => pool.end());

  it("prepares a select once and runs it again unparsed; leaves BEGIN and COMMIT simple", async () => {
    const client = await pool.connect();
    try {
      const select = "select $1::int + 1 as n";
      expect((await client.query(select, [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query(select, [41])).rows).toEqual([{ n: 42 }]);
      await client.query("begin");
      await client.query("commit");
      const prepared = await preparedOn(client);
      expect(prepared.filter((s) => s === select)).toHaveLength(1);
      expect(prepared.some((s) => /^(begin|commit)/i.test(s))).toBe(false);
    } finally {
      client.release();
    }
  });

  it("leaves a statement declared per-run unprepared, so PostgreSQL plans it for each run's values", async () => {
    const client = await pool.connect();
    try {
      const perRun = "select $1::text as per_run_word";
      planEachRun(perRun);
      for (const word of ["cotton", "chindi", "kaftan", "silk", "ajrakh", "bagru"])
        expect((await client.query(perRun, [word])).rows).toEqual([{ per_run_word: word }]);
      expect(await preparedOn(client)).not.toContain(perRun);
      const plain = "select $1::text as plain_word";
      await client.query(plain, ["cotton"]);
      expect(await preparedOn(client)).toContain(plain);
    } finally {
      client.release();
    }
  });

  it("stops preparing on a connection after 300 statements, and the rest still run", async () => {
    const client = await pool.connect();
    try {
      for (let i = 0; i < 320; i++) {
        const { rows } = await client.query(`select ${i} as n, $1::text as tag`, ["x"]);
        expect(rows).toEqual([{ n: i, tag: "x" }]);
      }
      expect((await preparedOn(client)).length).toBeLessThanOrEqual(300);
    } finally {
      client.release();
    }
  });

  it("runs unprepared when DB_PREPARED_STATEMENTS is false, even a statement the code names itself", async () => {
    const plain = openPool(url!, { ...DEFAULT_LIMITS, preparedStatements: false });
    const client = await plain.connect();
    try {
      await client.query("select $1::int as n", [7]);
      const named = await client.query({ name: "product_cards_like", text: "select $1::int as m", values: [8] });
      expect(named.rows).toEqual([{ m: 8 }]);
      expect(await preparedOn(client)).toEqual([]);
    } finally {
      client.release();
      await plain.end();
    }
  });
});

describe.skipIf(url)("PGlite's one session prepares the app's statements too (decision 056)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
  });
  afterAll(() => database.close());
  const run = async (text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const preparedInSession = async () =>
    (await run("/* look */ select statement from pg_prepared_statements")).map((r) => r.statement);

  it("prepares a statement once, and keeps it when a failed query makes the pool replace its client", async () => {
    const select = "select 41 + 1 as n";
    expect(await run(select)).toEqual([{ n: 42 }]);
    expect(await run(select)).toEqual([{ n: 42 }]);
    expect((await preparedInSession()).filter((s) => s === select)).toHaveLength(1);
    // pg-pool ends a client whose query failed; the next one must find the session's statements as they are.
    await expect(run("select 1 / 0 as never")).rejects.toThrow();
    expect(await run(select)).toEqual([{ n: 42 }]);
    expect(await run("select 2 as m")).toEqual([{ m: 2 }]);
    expect((await preparedInSession()).filter((s) => s === select)).toHaveLength(1);
  });

  it("prepares a statement built once with { plan: 'prepared' }, and never one with { plan: 'per-run' }", async () => {
    const statement = (plan: "prepared" | "per-run") =>
      builtOnce<{ plan: string }, { word: string }>(
        { plan },
        () => sql`select ${sql.placeholder("word")}::text as ${sql.identifier(`${plan}_word`)}`,
      )(database.db, { plan });
    for (const plan of ["prepared", "per-run"] as const) {
      const run = statement(plan);
      for (const word of ["cotton", "chindi", "kaftan", "silk", "ajrakh", "bagru"])
        expect(await run({ word })).toEqual([{ [`${plan}_word`]: word }]);
    }
    const prepared = await preparedInSession();
    expect(prepared.filter((s) => String(s).includes("prepared_word"))).toHaveLength(1);
    expect(prepared.filter((s) => String(s).includes("per-run_word"))).toEqual([]);
  });
});
