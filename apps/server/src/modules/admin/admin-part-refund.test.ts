import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { OrderStatusChangeResponse } from "@store/shared";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { pickVariants } from "../cart/test-support";
import { createListeningTestApp, paidCardOrder, stockOf, storedOrder, webhooksSettled } from "../checkout/test-support";
import { orderLines } from "../orders/tables";
import { call, newAdmin } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await createListeningTestApp();
  ({ headers: admin } = await newAdmin(app));
});
afterEach(() => webhooksSettled(app));
afterAll(() => app.close());

it("refunds cancelled pieces through the provider, keeps the rest captured, and a later cancellation refunds the rest", async () => {
  const [variant] = await pickVariants(app, { minStock: 5, count: 1 });
  if (!variant) throw new Error("no variant");
  const { orderId, total } = await paidCardOrder(app, [{ variant, quantity: 2 }]);
  const stockAfterSale = await stockOf(app, variant);
  const [line] = await app.database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));

  const part = await call(app, admin, "POST", `/api/admin/orders/${orderId}/cancel-lines`, {
    lines: [{ line_id: line!.id, quantity: 1 }],
  });
  expect(part.statusCode, part.body).toBe(200);
  const half = line!.unitPrice;
  expect(part.json() as OrderStatusChangeResponse).toMatchObject({
    order: { status: "paid", total_minor: total - half },
    refund: { rule: "cancelled_pieces", refund_minor: half, status: "refunded" },
  });
  const afterPart = await storedOrder(app, orderId);
  // Made at once by the simulated provider: the payment stays captured for the rest.
  expect(afterPart.payment).toMatchObject({ status: "captured" });
  expect(afterPart.refunds).toMatchObject([{ reason: "pieces_cancelled", status: "refunded", amount: half }]);
  const partRefundId = afterPart.refunds[0]?.providerRefundId;
  expect(partRefundId).toMatch(/^rfnd_/);
  expect(await stockOf(app, variant)).toBe(stockAfterSale + 1);

  const whole = await call(app, admin, "POST", `/api/admin/orders/${orderId}/status`, { status: "cancelled" });
  expect(whole.statusCode, whole.body).toBe(200);
  expect(whole.json()).toMatchObject({ refund: { refund_minor: total - half, status: "refunded" } });
  const end = await storedOrder(app, orderId);
  expect(end.payment).toMatchObject({ status: "refunded" });
  expect(end.refunds).toMatchObject([
    { reason: "pieces_cancelled", amount: half },
    { reason: "order_cancelled", status: "refunded", amount: total - half },
  ]);
  // Its own request to the provider, under its own key, not a replay of the part's.
  expect(end.refunds[1]?.providerRefundId).not.toBe(partRefundId);
  expect(end.refunds[1]?.idempotencyKey).not.toBe(end.refunds[0]?.idempotencyKey);
  expect(await stockOf(app, variant)).toBe(stockAfterSale + 2);
});
