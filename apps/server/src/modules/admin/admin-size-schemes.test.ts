import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ProductDetailResponse, SizeScheme, SizeSchemesResponse } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { products, subcategories } from "../catalog/tables";
import { call, newAdmin, newStaff } from "./test-support";

/** Size names and charts (issue 40): seeded per subcategory, shown on the product page, edited by the owner. */
let app: FastifyInstance;
let owner: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  owner = (await newAdmin(app)).headers;
});
afterAll(() => app.close());

async function firstProductOf(subcategory: string): Promise<number> {
  const [row] = await app.database.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(eq(subcategories.name, subcategory))
    .limit(1);
  return row!.id;
}

const detailOf = async (id: number, size = "S"): Promise<ProductDetailResponse["data"]> =>
  (await app.inject(`/api/get-product-detail/?product_pk=${id}&size=${size}`)).json().data;
const schemes = async (): Promise<SizeSchemesResponse> =>
  (await call(app, owner, "GET", "/api/admin/size-schemes")).json();

describe("size schemes", () => {
  it("name a bedcover's sizes Single to King with its chart, and leave a dress's codes with a body chart", async () => {
    const bedcover = await detailOf(await firstProductOf("bedcover"));
    expect(bedcover.sizes.map((s) => s.size_name)).toEqual(["Single", "Double", "Queen", "King"]);
    expect(bedcover.size_name).toBe("Single");
    expect(bedcover.size_chart).toMatchObject({ measurements: ["Width", "Length"] });

    const dress = await detailOf(await firstProductOf("dresses"));
    expect(dress.sizes.map((s) => s.size_name)).toEqual(dress.sizes.map((s) => s.size));
    expect(dress.size_chart?.measurements).toEqual(["Bust", "Waist", "Hip", "Length"]);
  });

  it("lets the owner rename a size, and the product page shows it at once; bad charts change nothing", async () => {
    const cushion = await firstProductOf("cushion cover");
    const scheme = (await schemes()).data.find((s) => s.name === "Cushion covers")!;
    const body = { ...scheme, names: { ...scheme.names, S: "38 x 38 cm" } };
    const saved = await call(app, owner, "PUT", `/api/admin/size-schemes/${scheme.id}`, body);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as SizeScheme).names.S).toBe("38 x 38 cm");
    expect((await detailOf(cushion)).size_name).toBe("38 x 38 cm");

    // A row with fewer numbers than columns, and a negative length: 400, the scheme as it was.
    const chart = { ...scheme.chart!, rows: [{ size: "S", cm: [40] }] };
    const short = await call(app, owner, "PUT", `/api/admin/size-schemes/${scheme.id}`, { ...body, chart });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/one measurement per column/);
    const negative = { ...scheme.chart!, rows: [{ size: "S", cm: [-1, 40] }] };
    const bad = await call(app, owner, "PUT", `/api/admin/size-schemes/${scheme.id}`, { ...body, chart: negative });
    expect(bad.statusCode).toBe(400);
    expect((await schemes()).data.find((s) => s.id === scheme.id)?.chart).toEqual(scheme.chart);

    const duplicate = await call(app, owner, "POST", "/api/admin/size-schemes", { name: "Bedcovers" });
    expect(duplicate.statusCode).toBe(409);
    const unknown = await call(app, owner, "PUT", "/api/admin/size-schemes/99999", { name: "Nothing" });
    expect(unknown.statusCode).toBe(404);
  });

  it("is the owner's: staff are refused", async () => {
    const staff = (await newStaff(app, owner)).headers;
    expect((await call(app, staff, "GET", "/api/admin/size-schemes")).statusCode).toBe(403);
  });
});
