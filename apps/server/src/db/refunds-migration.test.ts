import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";

/**
 * Migration 0018 (decision 059) on a shop that ran before it: the payments' refund columns become rows of the
 * refunds ledger, a payment that was only relabelled "refunded" (no provider refund behind it) becomes a failed
 * refund the seller is told about, and orders get their sale's day and what was taken back since.
 */
const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));
const BEFORE = 18;
let database: Database;
let folder: string;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  // The migrations as they were before this one, applied to a fresh embedded database.
  folder = await mkdtemp(join(tmpdir(), "store-migrations-"));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number }[] };
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < BEFORE) }));
  database = await openDatabase({ kind: "pglite" });
  await migrate(database.db as never, { migrationsFolder: folder });

  // Four orders as the store left them: one relabelled refunded by hand, one refunded by the provider after a
  // part refund, one whose refund was still being retried, and one delivered cash-on-delivery order with a
  // return due and an exchange received.
  await database.db.execute(sql`
    insert into orders (id, cart_id, idempotency_key, status, payment_method, currency, rate_milli, subtotal, total,
      delivery_name, delivery_address, country_code, mobile_number, pin_code, city, state)
    select i, gen_random_uuid(), 'legacy-' || i, s::order_status, m::payment_method, 'INR', 33600, 100000, t,
      'Asha', '12 Hawa Mahal Road', '+91', '9829041234', '302002', 'Jaipur', 'Rajasthan'
    from (values (1, 'refunded', 'razorpay', 100000), (2, 'refunded', 'razorpay', 70000),
                 (3, 'cancelled', 'paypal', 100000), (4, 'delivered', 'cod', 100000)) v(i, s, m, t)`);
  await database.db.execute(sql`
    insert into order_lines (id, order_id, product_name, size, unit_price, unit_mrp, quantity, cancelled_quantity)
    values (1, 1, 'Kurta', 'M', 50000, 50000, 2, 0), (2, 2, 'Kurta', 'M', 50000, 50000, 2, 1),
           (3, 3, 'Kurta', 'M', 50000, 50000, 2, 0), (4, 4, 'Kurta', 'M', 50000, 50000, 2, 0)`);
  await database.db.execute(sql`
    insert into order_events (order_id, from_status, to_status, note, data, created_at) values
      (1, 'pending_payment', 'paid', '', null, '2026-11-01T10:00:00Z'),
      (1, 'paid', 'refunded', 'Refunded from the dashboard', null, '2026-11-02T10:00:00Z'),
      (2, 'pending_payment', 'paid', '', null, '2026-11-01T11:00:00Z'),
      (2, 'paid', 'paid', 'Cancelled 1 x Kurta (M)', ${JSON.stringify({
        kind: "pieces_cancelled",
        cancelled: [{ line_id: 2, quantity: 1 }],
        totals: { before: { total: 100_000 }, after: { total: 70_000 } },
      })}::jsonb, '2026-11-01T12:00:00Z'),
      (2, 'paid', 'cancelled', '', ${JSON.stringify({ refund: { fee_minor: 0 } })}::jsonb, '2026-11-03T10:00:00Z'),
      (3, 'pending_payment', 'paid', '', null, '2026-11-01T13:00:00Z'),
      (3, 'paid', 'cancelled', '', ${JSON.stringify({ refund: { fee_minor: 0 } })}::jsonb, '2026-11-04T10:00:00Z'),
      (4, 'awaiting_confirmation', 'cod_confirmed', '', null, '2026-11-01T14:00:00Z')`);
  await database.db.execute(sql`
    insert into payments (id, order_id, provider, provider_order_id, provider_payment_id, status, amount, currency,
      refund_id, refund_amount, refund_attempts, refund_next_at, refund_error, part_refunded) values
      (1, 1, 'razorpay', 'order_1', 'pay_1', 'refunded', 100000, 'INR', null, null, 0, null, null, 0),
      (2, 2, 'razorpay', 'order_2', 'pay_2', 'refunded', 100000, 'INR', 'rfnd_2', 70000, 1, null, null, 30000),
      (3, 3, 'paypal', 'order_3', 'cap_3', 'refund_requested', 100000, 'INR', null, 100000, 2, now(), 'HTTP 503', 0)`);
  await database.db.execute(sql`
    insert into return_requests (id, order_id, kind, status, reason, refund_minor, updated_at) values
      (1, 4, 'return', 'refund_due', 'Damaged', 49000, '2026-11-05T10:00:00Z'),
      (2, 4, 'exchange', 'received', 'Size', 0, '2026-11-05T11:00:00Z')`);
  await database.db.execute(sql`
    insert into return_lines (return_id, order_line_id, quantity, exchange_size) values (1, 4, 1, null), (2, 4, 1, 'L')`);

  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  await rm(folder, { recursive: true, force: true });
});

it("turns a payment only relabelled refunded into a failed refund the seller is told about", async () => {
  const [refund] = await rows<{ status: string; amount: number; error: string; reason: string }>(
    sql`select status, amount, error, reason from refunds where payment_id = 1`,
  );
  expect(refund).toMatchObject({ status: "failed", amount: 100_000, reason: "order_refunded" });
  expect(refund?.error).toMatch(/no refund was sent through it/);
  expect(await rows(sql`select status from payments where id = 1`)).toEqual([{ status: "captured" }]);
});

it("keeps the refunds the provider made, and the ones still being retried under their old keys", async () => {
  expect(
    await rows(
      sql`select payment_id, reason, status, amount, provider_refund_id, idempotency_key from refunds where payment_id in (2, 3) order by id`,
    ),
  ).toEqual([
    {
      payment_id: 2,
      reason: "pieces_cancelled",
      status: "refunded",
      amount: 30_000,
      provider_refund_id: null,
      idempotency_key: "legacy-part-2",
    },
    {
      payment_id: 2,
      reason: "order_cancelled",
      status: "refunded",
      amount: 70_000,
      provider_refund_id: "rfnd_2",
      idempotency_key: "refund-order-2",
    },
    {
      payment_id: 3,
      reason: "order_cancelled",
      status: "requested",
      amount: 100_000,
      provider_refund_id: null,
      idempotency_key: "refund-order-3",
    },
  ]);
  expect(await rows(sql`select id, status from payments where id in (2, 3) order by id`)).toEqual([
    { id: 2, status: "refunded" },
    { id: 3, status: "captured" },
  ]);
});

it("dates each sale at its confirmation, with its total then, and takes back what was cancelled or returned", async () => {
  expect(await rows(sql`select id, confirmed_at::text as at, confirmed_total from orders order by id`)).toMatchObject([
    { id: 1, confirmed_total: 100_000 },
    { id: 2, confirmed_total: 100_000 },
    { id: 3, confirmed_total: 100_000 },
    { id: 4, confirmed_total: 100_000 },
  ]);
  expect(
    await rows(
      sql`select r.order_id, r.kind, r.amount, coalesce(sum(l.pieces), 0)::int as pieces
          from order_reversals r left join order_reversal_lines l on l.reversal_id = r.id
          group by r.id order by r.order_id, r.created_at`,
    ),
  ).toEqual([
    { order_id: 1, kind: "order_refunded", amount: 100_000, pieces: 2 },
    { order_id: 2, kind: "pieces_cancelled", amount: 30_000, pieces: 1 },
    { order_id: 2, kind: "order_cancelled", amount: 70_000, pieces: 1 },
    { order_id: 3, kind: "order_cancelled", amount: 100_000, pieces: 2 },
    { order_id: 4, kind: "goods_returned", amount: 49_000, pieces: 1 },
  ]);
});

it("accepts the returns settled before the parcel check existed, and an exchange received then waits for its parcel", async () => {
  expect(await rows(sql`select id, status, accepted_minor from return_requests order by id`)).toEqual([
    { id: 1, status: "refund_due", accepted_minor: 49_000 },
    { id: 2, status: "accepted", accepted_minor: 0 },
  ]);
  expect(await rows(sql`select return_id, restocked from return_lines order by return_id`)).toEqual([
    { return_id: 1, restocked: 1 },
    { return_id: 2, restocked: 1 },
  ]);
});
