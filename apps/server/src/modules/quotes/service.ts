import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import {
  formatMoney,
  indianStateByName,
  namedSizePhrase,
  quoteAnswerSchema,
  quoteRequestSchema,
  SELLER,
  toMajorUnits,
  type QuoteView,
} from "@store/shared";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { action, figures, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail, queueEmail } from "../../email/outbox";
import { AppError, Refusal } from "../../errors";
import { istDayOf } from "../../lib/seller-time";
import { users } from "../accounts/tables";
import type { SessionUser } from "../accounts/service";
import { fillCartWithQuote } from "../cart/quoted-lines";
import { productVariants, products } from "../catalog/tables";
import { renderProformaPdf } from "../invoices/pdf";
import { prepareProforma } from "../invoices/proforma";
import { quoteLines, quotes } from "./tables";

type QuoteRow = typeof quotes.$inferSelect;
type LineRow = typeof quoteLines.$inferSelect;
type RequestInput = z.output<typeof quoteRequestSchema>;
type AnswerInput = z.output<typeof quoteAnswerSchema>;

const notFound = () => new AppError("not_found", "Quote not found", "QUOTE_NOT_FOUND");
const refuse = (code: string, message: string, path?: string) =>
  new Refusal("unprocessable", code, message, path ? [{ path, message }] : undefined);
const conflict = (code: string, message: string) => new Refusal("conflict", code, message);

/** The seller's (IST) day now: wanted dates, validity and expiry are IST days. */
const today = () => istDayOf(new Date());

/** A quoted quote past its last day is expired when next read (decision 101): one statement, any reader. */
async function expireLapsed(db: Db | Tx, day = today()): Promise<void> {
  await db
    .update(quotes)
    .set({ status: "expired", closedAt: sql`now()` })
    .where(and(eq(quotes.status, "quoted"), lt(quotes.validUntil, day)));
}

async function linesOf(db: Db | Tx, quoteIds: number[]) {
  if (quoteIds.length === 0) return [];
  return db
    .select({ line: quoteLines, productName: products.name })
    .from(quoteLines)
    .leftJoin(products, eq(products.id, quoteLines.productId))
    .where(inArray(quoteLines.quoteId, quoteIds))
    .orderBy(asc(quoteLines.quoteId), asc(quoteLines.position));
}

const totalOf = (q: QuoteRow, lines: readonly LineRow[]): number | null =>
  q.shippingPaise === null || lines.some((l) => l.unitPricePaise === null)
    ? null
    : lines.reduce((s, l) => s + (l.unitPricePaise ?? 0) * l.quantity, q.shippingPaise);

async function viewsOf(db: Db | Tx, rows: { quote: QuoteRow; name: string; email: string }[]): Promise<QuoteView[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.quote.id),
  );
  return rows.map(({ quote: q, name, email }) => {
    const own = lines.filter((l) => l.line.quoteId === q.id);
    return {
      id: q.id,
      status: q.status,
      buyer: { name, email },
      phone: q.phone,
      state: q.state,
      wanted_by: q.wantedBy,
      notes: q.notes,
      lines: own.map(({ line: l, productName }) => ({
        id: l.id,
        product_id: l.productId,
        product_name: productName,
        size: l.size,
        colour: l.colour,
        custom_text: l.customText,
        quantity: l.quantity,
        unit_price_paise: l.unitPricePaise,
        sold_product_id: l.soldProductId,
        sold_size: l.soldSize,
      })),
      shipping_paise: q.shippingPaise,
      valid_until: q.validUntil,
      terms: q.terms,
      lead_time_days: q.leadTimeDays,
      decline_reason: q.declineReason,
      total_paise: totalOf(
        q,
        own.map((l) => l.line),
      ),
      order_id: q.orderId,
      requested_at: q.requestedAt.toISOString(),
      quoted_at: q.quotedAt?.toISOString() ?? null,
    };
  });
}

function selectQuotes(db: Db | Tx) {
  return db
    .select({ quote: quotes, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, email: users.email })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.userId));
}

async function readView(db: Db | Tx, id: number, userId?: number): Promise<QuoteView> {
  const rows = await selectQuotes(db).where(
    userId === undefined ? eq(quotes.id, id) : and(eq(quotes.id, id), eq(quotes.userId, userId)),
  );
  const [view] = await viewsOf(db, rows);
  if (!view) throw notFound();
  return view;
}

/** What a line is sold as, in words: "Block-print kurta (size M, indigo)", or the custom work described. */
function describe(line: LineRow, productName: string | null): string {
  if (line.productId === null) return `Custom work: ${line.customText}`;
  const extras = [line.soldSize ? namedSizePhrase(line.soldSize, null, false) : "", line.colour].filter(Boolean);
  return `${productName ?? "Product"}${extras.length ? ` (${extras.join(", ")})` : ""}`;
}

function quoteEmail(view: QuoteView) {
  const money = (paise: number) => formatMoney(toMajorUnits(paise), "INR");
  return letterEmail(view.buyer.email, `Your ${SELLER.brand} quote Q-${view.id}`, {
    preview: `Prices for your quote request, valid until ${view.valid_until}`,
    greeting: `Namaste ${view.buyer.name},`,
    blocks: [
      paragraph(
        `We have priced your quote request Q-${view.id}. The prices include GST and hold until ${view.valid_until}; lead time ${view.lead_time_days} days.`,
      ),
      figures([
        ...view.lines.map((l): [string, string] => [
          `${l.product_name ?? l.custom_text} × ${l.quantity}`,
          money((l.unit_price_paise ?? 0) * l.quantity),
        ]),
        ["Shipping", money(view.shipping_paise ?? 0)],
        ["Total, GST included", money(view.total_paise ?? 0)],
      ]),
      ...(view.terms ? [paragraph(`Terms: ${view.terms}`)] : []),
      action("See the quote and its proforma invoice", `${STORE_URL_TAG}/quote/${view.id}`),
    ],
  });
}

export function createQuoteService(db: Db) {
  /** The buyer's own quote (any other is the same 404), locked for a change. */
  async function ownQuote(tx: Tx, user: SessionUser, id: number): Promise<QuoteRow> {
    const [q] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, id), eq(quotes.userId, user.id)))
      .for("update");
    if (!q) throw notFound();
    return q;
  }

  async function proformaOf(id: number, userId?: number) {
    await expireLapsed(db);
    const [row] = await selectQuotes(db).where(
      userId === undefined ? eq(quotes.id, id) : and(eq(quotes.id, id), eq(quotes.userId, userId)),
    );
    if (!row) throw notFound();
    const q = row.quote;
    if (q.status !== "quoted" && q.status !== "accepted")
      throw conflict("QUOTE_NOT_PRICED", "A proforma invoice is drawn for a priced quote only.");
    const lines = await linesOf(db, [q.id]);
    const prepared = await prepareProforma(db, {
      reference: `Q-${q.id}`,
      day: istDayOf(q.quotedAt ?? new Date()),
      validUntil: q.validUntil ?? "",
      buyer: { name: row.name, address: `${row.email} · ${q.phone}`, state: q.state },
      lines: lines.map(({ line, productName }) => ({
        productId: line.soldProductId ?? 0,
        description: describe(line, productName),
        quantity: line.quantity,
        unitPricePaise: line.unitPricePaise ?? 0,
      })),
      shippingPaise: q.shippingPaise ?? 0,
      notes: [`Lead time: ${q.leadTimeDays ?? 0} days from payment`, ...(q.terms ? [`Terms: ${q.terms}`] : [])],
      issuedAt: q.quotedAt ?? new Date(),
    });
    if (!prepared.ok) throw conflict("PROFORMA_PROBLEM", prepared.problem);
    return { filename: `proforma-Q-${q.id}.pdf`, pdf: await renderProformaPdf(prepared.document) };
  }

  return {
    /** `POST /api/quotes/`: a signed-in buyer's request; products must be on sale, the date in the future. */
    async request(user: SessionUser, input: RequestInput): Promise<QuoteView> {
      if (input.wanted_by <= today())
        throw refuse("WANTED_BY_PAST", "wanted_by must be a day after today", "wanted_by");
      const state = indianStateByName(input.state);
      if (!state) throw refuse("STATE_UNKNOWN", "state must be an Indian state or union territory", "state");
      const ids = [...new Set(input.lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id])))];
      const sold = ids.length
        ? await db
            .select({ id: products.id, size: productVariants.size })
            .from(products)
            .leftJoin(
              productVariants,
              and(eq(productVariants.productId, products.id), eq(productVariants.offered, true)),
            )
            .where(and(inArray(products.id, ids), eq(products.isActive, true)))
        : [];
      for (const [i, l] of input.lines.entries()) {
        if (l.product_id === null) continue;
        const sizes = sold.filter((s) => s.id === l.product_id);
        if (sizes.length === 0)
          throw refuse("PRODUCT_UNKNOWN", "This product is not for sale", `lines.${i}.product_id`);
        if (l.size && !sizes.some((s) => s.size === l.size))
          throw refuse("SIZE_UNKNOWN", `Size ${l.size} is not sold for this product`, `lines.${i}.size`);
      }
      const id = await db.transaction(async (tx) => {
        const [q] = await tx
          .insert(quotes)
          .values({
            userId: user.id,
            phone: input.phone,
            state: state.name,
            wantedBy: input.wanted_by,
            notes: input.notes,
          })
          .returning({ id: quotes.id });
        await tx.insert(quoteLines).values(
          input.lines.map((l, position) => ({
            quoteId: q!.id,
            position,
            productId: l.product_id,
            size: l.product_id === null ? "" : l.size,
            colour: l.colour,
            customText: l.product_id === null ? l.custom_text : "",
            quantity: l.quantity,
          })),
        );
        return q!.id;
      });
      return readView(db, id);
    },

    /** The buyer's quotes, newest first. */
    async listMine(user: SessionUser): Promise<{ data: QuoteView[] }> {
      await expireLapsed(db);
      const rows = await selectQuotes(db).where(eq(quotes.userId, user.id)).orderBy(desc(quotes.id));
      return { data: await viewsOf(db, rows) };
    },

    async getMine(user: SessionUser, id: number): Promise<QuoteView> {
      await expireLapsed(db);
      return readView(db, id, user.id);
    },

    proformaFor: (user: SessionUser, id: number) => proformaOf(id, user.id),

    /**
     * `POST /api/quotes/:id/accept`: a quoted quote within its validity fills the buyer's cart with its lines at
     * their locked prices (emptying what was there). It becomes accepted when the order is confirmed.
     */
    async accept(user: SessionUser, id: number): Promise<{ cart_id: string }> {
      await expireLapsed(db);
      return db.transaction(async (tx) => {
        const q = await ownQuote(tx, user, id);
        if (q.status !== "quoted")
          throw conflict(
            "QUOTE_NOT_OPEN",
            `This quote is ${q.status}: only a priced quote within its validity can be accepted.`,
          );
        const lines = await tx
          .select()
          .from(quoteLines)
          .where(eq(quoteLines.quoteId, id))
          .orderBy(asc(quoteLines.position));
        const cartId = await fillCartWithQuote(
          tx,
          user.id,
          id,
          lines.map((l) => ({
            productId: l.soldProductId!,
            size: l.soldSize,
            quantity: l.quantity,
            pricePaise: l.unitPricePaise!,
          })),
        );
        return { cart_id: cartId };
      });
    },

    /** For the back office: every quote, open ones first, newest first. */
    admin: {
      async list(): Promise<{ data: QuoteView[] }> {
        await expireLapsed(db);
        const rows = await selectQuotes(db).orderBy(
          sql`case ${quotes.status} when 'requested' then 0 when 'quoted' then 1 else 2 end`,
          desc(quotes.id),
        );
        return { data: await viewsOf(db, rows) };
      },

      async get(id: number): Promise<QuoteView> {
        await expireLapsed(db);
        return readView(db, id);
      },

      proforma: (id: number) => proformaOf(id),

      /**
       * The seller's prices sent (in the back office's transaction, which writes the audit row): every line
       * priced once, each sold as a catalogue product size (custom work as one the seller picks), a validity
       * from today, and a proforma that can be drawn (the products' HSN codes and rates known). E-mails the buyer.
       */
      async send(tx: Tx, id: number, input: AnswerInput): Promise<{ before: QuoteView; after: QuoteView }> {
        const [q] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
        if (!q) throw notFound();
        if (q.status !== "requested")
          throw conflict("QUOTE_NOT_REQUESTED", `This quote is ${q.status}: only a requested quote can be priced.`);
        if (input.valid_until < today())
          throw refuse("VALID_UNTIL_PAST", "valid_until cannot be before today", "valid_until");
        const before = await readView(tx, id);
        const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
        const priced = new Map(input.lines.map((l, i) => [l.id, { ...l, index: i }]));
        if (priced.size !== input.lines.length) throw refuse("LINE_TWICE", "Each line is priced once", "lines");
        for (const p of input.lines)
          if (!lines.some((l) => l.id === p.id))
            throw refuse("LINE_UNKNOWN", `Line ${p.id} is not a line of this quote`, "lines");
        const chosen: { line: LineRow; productId: number; size: string; price: number }[] = [];
        for (const line of lines) {
          const p = priced.get(line.id);
          if (!p) throw refuse("LINE_UNPRICED", "Every line of the quote needs a price", "lines");
          const at = `lines.${p.index}`;
          const productId = line.productId ?? p.sold_product_id;
          const size = p.sold_size || line.size;
          if (productId === null)
            throw refuse(
              "SOLD_AS_MISSING",
              "Custom work needs the catalogue product it is sold as",
              `${at}.sold_product_id`,
            );
          if (!size) throw refuse("SIZE_MISSING", "Name the size this line is sold in", `${at}.sold_size`);
          const [variant] = await tx
            .select({ id: productVariants.id })
            .from(productVariants)
            .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
          if (!variant) throw refuse("SOLD_AS_UNKNOWN", `Product ${productId} has no size ${size}`, `${at}.sold_size`);
          if (chosen.some((c) => c.productId === productId && c.size === size))
            throw refuse("SOLD_AS_TWICE", "Two lines are sold as the same product and size: join them into one", at);
          chosen.push({ line, productId, size, price: p.unit_price_paise });
        }
        for (const c of chosen)
          await tx
            .update(quoteLines)
            .set({ unitPricePaise: c.price, soldProductId: c.productId, soldSize: c.size })
            .where(eq(quoteLines.id, c.line.id));
        await tx
          .update(quotes)
          .set({
            status: "quoted",
            shippingPaise: input.shipping_paise,
            validUntil: input.valid_until,
            terms: input.terms,
            leadTimeDays: input.lead_time_days,
            quotedAt: sql`now()`,
          })
          .where(eq(quotes.id, id));
        const after = await readView(tx, id);
        // The proforma must be drawable (HSN codes, rates, the seller's registration) before the buyer is told.
        const check = await prepareProforma(tx, {
          reference: `Q-${id}`,
          day: today(),
          validUntil: input.valid_until,
          buyer: { name: after.buyer.name, address: "", state: q.state },
          lines: chosen.map((c) => ({
            productId: c.productId,
            description: describe(c.line, null),
            quantity: c.line.quantity,
            unitPricePaise: c.price,
          })),
          shippingPaise: input.shipping_paise,
          notes: [],
          issuedAt: new Date(),
        });
        if (!check.ok) throw refuse("PROFORMA_PROBLEM", check.problem);
        await queueEmail(tx, quoteEmail(after));
        return { before, after };
      },

      /** Declined with a reason, before or after pricing (an accepted or expired quote stays as it is). */
      async decline(tx: Tx, id: number, reason: string): Promise<{ before: QuoteView; after: QuoteView }> {
        const [q] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
        if (!q) throw notFound();
        if (q.status !== "requested" && q.status !== "quoted")
          throw conflict("QUOTE_CLOSED", `This quote is ${q.status} and cannot be declined.`);
        const before = await readView(tx, id);
        await tx
          .update(quotes)
          .set({ status: "declined", declineReason: reason, closedAt: sql`now()` })
          .where(eq(quotes.id, id));
        const after = await readView(tx, id);
        await queueEmail(
          tx,
          letterEmail(after.buyer.email, `Your ${SELLER.brand} quote request Q-${id}`, {
            preview: "We cannot quote this time",
            greeting: `Namaste ${after.buyer.name},`,
            blocks: [paragraph(`We are sorry: we cannot take on quote request Q-${id}. ${reason}`)],
          }),
        );
        return { before, after };
      },
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;

/**
 * Checkout's question for a cart carrying quote `quoteId` (decision 101): the buyer's, priced and within its
 * validity, or a Refusal; answers the shipping the quote agreed, in paise.
 */
export async function quoteForCheckout(
  db: Db | Tx,
  quoteId: number,
  userId: number | null,
): Promise<{ shippingPaise: number }> {
  await expireLapsed(db);
  const [q] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!q || q.userId !== userId)
    throw conflict("QUOTE_NOT_OPEN", "Your cart holds a quote of another account. Empty the cart to shop.");
  if (q.status !== "quoted")
    throw conflict(
      "QUOTE_NOT_OPEN",
      `Your cart holds quote Q-${q.id}, which is ${q.status}: it can no longer be ordered. Empty the cart to shop.`,
    );
  return { shippingPaise: q.shippingPaise ?? 0 };
}

/** The order that carried the quote is confirmed: the quote is accepted (confirmation calls this in its transaction). */
export async function markQuoteAccepted(tx: Tx, quoteId: number, orderId: number): Promise<void> {
  await tx
    .update(quotes)
    .set({ status: "accepted", orderId, closedAt: sql`now()` })
    .where(and(eq(quotes.id, quoteId), inArray(quotes.status, ["quoted", "expired"])));
}
