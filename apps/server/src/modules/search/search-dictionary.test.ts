import { asc, sql } from "drizzle-orm";
import type { SearchResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productNameWords, products } from "../../schema";
import { createTestApp } from "../../testing/test-app";
import { call, productTaxFields, roles } from "../admin/test-support";
import type { Db } from "../../db/client";
import { builtOnce } from "../../db/prepared";
import { correctedText, fuzzyWords, meantWords, typedValues } from "./typos";

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  ({ admin } = await roles(app));
});
afterAll(() => app.close());

const db = () => app.database.db;

const typoStatement = builtOnce<{ typed: number }, { meant: (string | null)[] }>(
  { plan: "per-run" },
  (_db, { typed }) => sql`select ${meantWords(typed)} as meant`,
);

/** The corrected query, asked in a statement of its own (a search asks within its first statement). */
async function correctTypos(db: Db, text: string): Promise<string | null> {
  const typed = fuzzyWords(text);
  if (typed.length === 0) return null;
  const [row] = await typoStatement(db, { typed: typed.length })(typedValues(typed));
  return correctedText(text, row?.meant ?? []);
}

async function firstResult(query: string): Promise<string | undefined> {
  const res = await app.inject(`/api/search?query=${encodeURIComponent(query)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as SearchResponse).data[0]?.product_name;
}

/** The dictionary as the triggers keep it, and as it should be: every word of every active name, with its product count. */
async function dictionaryAndTruth() {
  const kept = await db()
    .select({ word: productNameWords.word, products: productNameWords.products })
    .from(productNameWords)
    .orderBy(asc(productNameWords.word));
  const truth = await db()
    .select({ word: sql<string>`word`, products: sql<number>`count(*)::int` })
    .from(sql`${products}, product_name_words_of(${products.name}) as word`)
    .where(sql`${products.isActive}`)
    .groupBy(sql`word`)
    .orderBy(sql`word`);
  return { kept, truth };
}

async function addProduct(name: string): Promise<number> {
  const res = await call(app, admin, "POST", "/api/admin/products", {
    product_name: name,
    product_code: 95_001,
    category: 1,
    subcategory: 1,
    size: "Medium",
    description: "Hand embroidered with metal thread in a Jaipur workshop.",
    offer_price: 49,
    mrp: 79,
    main_image: "/media/products/1001-1.webp",
    ...(await productTaxFields(app)),
    // New products are drafts unless put on sale (decision 025): this one is for sale at once.
    is_active: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe("the typo dictionary (product_name_words)", () => {
  it("holds every word of every active product name after the seed's plain INSERTs, each with its product count", async () => {
    const { kept, truth } = await dictionaryAndTruth();
    expect(truth.length).toBeGreaterThan(100);
    expect(kept).toEqual(truth);
  });

  it("follows the seller: a new product's name words correct typos at once, a rename and a withdrawal take them away", async () => {
    expect((await firstResult("zardozy clutch")) ?? "").not.toMatch(/Zardozi/);

    const id = await addProduct("Zardozi Velvet Clutch");
    expect(await firstResult("zardozy clutch")).toBe("Zardozi Velvet Clutch");
    const added = await dictionaryAndTruth();
    expect(added.kept).toEqual(added.truth);

    const renamed = await call(app, admin, "PATCH", `/api/admin/products/${id}`, {
      product_name: "Kasuti Velvet Clutch",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await correctTypos(db(), "zardozy")).toBeNull();
    expect(await firstResult("kasutti clutch")).toBe("Kasuti Velvet Clutch");

    const withdrawn = await call(app, admin, "PATCH", `/api/admin/products/${id}`, { is_active: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await correctTypos(db(), "kasutti")).toBeNull();
    const { kept, truth } = await dictionaryAndTruth();
    expect(kept).toEqual(truth);
  });
});

describe("correctTypos", () => {
  it("replaces only the words the catalogue does not know, keeping the query's syntax", async () => {
    expect(await correctTypos(db(), "kaftn")).toBe("kaftan");
    expect(await correctTypos(db(), 'Indigo Kaftn "cushon cover" -robe')).toBe('Indigo kaftan "cushion cover" -robe');
  });

  it("leaves words full text knows (by stem, or only from descriptions) and words it ignores", async () => {
    expect(await correctTypos(db(), "kaftans")).toBeNull();
    expect(await correctTypos(db(), "workshop")).toBeNull();
    expect(await correctTypos(db(), "over")).toBeNull();
  });

  it("gives up on words close to nothing", async () => {
    expect(await correctTypos(db(), "zzqxjv qwrtypsdfg")).toBeNull();
  });
});
