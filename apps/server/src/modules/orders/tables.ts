import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/tables";
import { productVariants, products } from "../catalog/tables";

/** The order state machine (packages/shared/src/order-status.ts); new values are appended (ALTER TYPE ... ADD VALUE). */
export const orderStatus = pgEnum("order_status", [
  "pending_payment",
  "paid",
  "cod_confirmed",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "awaiting_confirmation",
  "expired",
  "returned_to_origin",
]);

/** Money columns are in minor units of the order's currency (paise or cents). */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    cartId: uuid("cart_id").notNull(),
    /**
     * One order per checkout attempt: a hash of the cart (id and last change), payment and shipping methods,
     * currency, promo and priced lines, so two tabs paying the same cart find the same order (see checkout/quote.ts).
     */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: orderStatus("status").notNull().default("pending_payment"),
    /** "cod", or a registered payment provider's name (payments/providers.ts; decision 065). */
    paymentMethod: text("payment_method").notNull(),
    currency: text("currency").notNull(),
    /** INR per USD x 1000 at the time of the order (33600 for 33.6). */
    rateMilli: integer("rate_milli").notNull(),
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull().default(0),
    /** The shipping method's fee and cash on delivery's, together: the order's one "Shipping" line. */
    shipping: integer("shipping").notNull().default(0),
    /** A code of packages/shared's shipping-methods.ts (text: a new method needs no migration). */
    shippingMethod: text("shipping_method").notNull().default("india-standard"),
    /** The wallet's INR total is raised to end in 9 (spec section 9); this is what was added. */
    rounding: integer("rounding").notNull().default(0),
    /**
     * Import duties and taxes the seller collected with the order for its destination (delivered duty paid,
     * decision 081), in minor units; 0 when the buyer pays them to the carrier at delivery. Not GST's value.
     */
    duties: integer("duties").notNull().default(0),
    total: integer("total").notNull(),
    /**
     * Store credit the shopper spent on the order at checkout (issue 42, decision 088), minor units: a way of
     * paying, never a discount (the invoice's taxable value is the total's). The rest, `total` less this, is paid
     * by the payment method (none when the credit covers it all: `payment_method` is then "store_credit").
     * Kept as spent: what the ledger gave back since is the store-credit module's rows.
     */
    storeCredit: integer("store_credit").notNull().default(0),
    /**
     * Cash on delivery with an advance (decision 093), minor units: the part of `total` paid online now through
     * the card provider (its `payments` row); the courier collects `total` less the store credit and this.
     * 0 for every other order.
     */
    codAdvance: integer("cod_advance").notNull().default(0),
    /** The accepted quote this order was checked out from (decision 101; quotes sit layers above: no foreign key). */
    quoteId: integer("quote_id"),
    /**
     * When the order was confirmed (paid, or cash on delivery confirmed) and its total then: the sale the reports
     * count on that day; what is taken back later is an `order_reversals` row of its own day (decision 063).
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedTotal: integer("confirmed_total"),
    promoCode: text("promo_code"),
    deliveryName: text("delivery_name").notNull(),
    deliveryAddress: text("delivery_address").notNull(),
    countryCode: text("country_code").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    pinCode: text("pin_code").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    /** ISO 3166 code of the delivery country: India, or an export (the invoice's place of supply, decision 033). */
    deliveryCountry: text("delivery_country").notNull().default("IN"),
    /**
     * The shopper's IANA time zone (issue 41): every time their e-mails, WhatsApp messages and order page show
     * is in it. Chosen when the order is made (geo/time-zones.ts); orders from before it are India's.
     */
    timeZone: text("time_zone").notNull().default("Asia/Kolkata"),
    comment: text("comment").notNull().default(""),
    /** Where the confirmation goes: the request's e-mail, else the account's; null for a guest who gave none. */
    email: text("email"),
    trackingNumber: text("tracking_number"),
    /**
     * Who took a parcel the seller shipped herself (issue 40, point 12): a code of packages/shared's
     * hand-carriers.ts (its tracking page is built from it and the tracking number when read), "other" with
     * the name she typed, or "hand_delivered". Null for a courier-booked parcel (its shipment row says) and
     * for orders shipped before the carrier was asked.
     */
    handCarrier: text("hand_carrier"),
    handCarrierName: text("hand_carrier_name"),
    /**
     * The secret of the order's page for a guest (`/orders/:id?token=`): in the e-mails' links, and answered
     * to whoever gives the order number with its e-mail or phone. 244 random bits from the database.
     */
    viewToken: text("view_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /**
     * A business buyer's GSTIN (upper case, check character verified) and the legal name registered with it, given
     * at checkout for a B2B tax invoice (issue 44, decision 096); both null for a sale to an unregistered buyer.
     */
    buyerGstin: text("buyer_gstin"),
    buyerLegalName: text("buyer_legal_name"),
    /** The shopper ticked "Send me order updates on WhatsApp" at checkout (to the mobile number above). */
    whatsappOptIn: boolean("whatsapp_opt_in").notNull().default(false),
    isTest: boolean("is_test").notNull().default(false),
    /**
     * Something the seller must look at, in their words (a cancelled order's parcel delivered all the same);
     * null when nothing is. Set by the courier's updates, cleared by the seller (audited).
     */
    attention: text("attention"),
    /** When an unpaid (or unconfirmed) order lapses and gives back what it holds; null once it is confirmed. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The order's pieces are out of stock on its account (held while unpaid, sold once confirmed). */
    stockHeld: boolean("stock_held").notNull().default(false),
    /** The order counts one use of its promo code (reserved while unpaid, spent once confirmed). */
    promoHeld: boolean("promo_held").notNull().default(false),
    /** Who asked for it (the request's address, behind TRUST_PROXY): open orders are capped per client. */
    clientIp: text("client_ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_cart_idx").on(t.cartId, t.status),
    // Confirmed orders clear expires_at, so this indexes the open attempts the expiry job looks for.
    index("orders_expiry_idx").on(t.expiresAt),
    index("orders_client_idx").on(t.clientIp, t.status),
    index("orders_confirmed_idx").on(t.confirmedAt),
    // The cash-on-delivery rules' history reads one PIN code's or one e-mail's orders at checkout (decision 093).
    index("orders_pin_code_idx").on(t.pinCode),
    index("orders_email_lower_idx").on(sql`lower(${t.email})`),
    index("orders_attention_idx")
      .on(t.id)
      .where(sql`${t.attention} is not null`),
    check("orders_total_non_negative", sql`${t.total} >= 0`),
    check("orders_store_credit_non_negative", sql`${t.storeCredit} >= 0`),
    check("orders_cod_advance_non_negative", sql`${t.codAdvance} >= 0`),
    check("orders_buyer_gstin_with_name", sql`(${t.buyerGstin} is null) = (${t.buyerLegalName} is null)`),
  ],
);

/** What was sold, as it was when sold: name, size and price survive later catalogue edits. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    size: text("size").notNull(),
    /** The size's name when sold ("Double", "40 x 40 cm"); "" when it read as its code. */
    sizeName: text("size_name").notNull().default(""),
    unitPrice: integer("unit_price").notNull(),
    unitMrp: integer("unit_mrp").notNull(),
    quantity: integer("quantity").notNull(),
    /** Pieces of this line the seller cancelled before shipping (issue 13); the line is kept, `quantity` as ordered. */
    cancelledQuantity: integer("cancelled_quantity").notNull().default(0),
    /**
     * Made to order (decision 099), as sold: the shopper's measurements or notes, the days to make it (null: a
     * stocked piece), whether it may be returned, and how far its making is (null, in_production, ready).
     */
    notes: text("notes").notNull().default(""),
    leadDays: integer("lead_days"),
    returnable: boolean("returnable").notNull().default(true),
    productionStatus: text("production_status", { enum: ["in_production", "ready"] }),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    check(
      "order_lines_cancelled_within_quantity",
      sql`${t.cancelledQuantity} >= 0 and ${t.cancelledQuantity} <= ${t.quantity}`,
    ),
    check("order_lines_production_status", sql`${t.productionStatus} in ('in_production', 'ready')`),
  ],
);

export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus("from_status"),
    toStatus: orderStatus("to_status").notNull(),
    note: text("note").notNull().default(""),
    data: jsonb("data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId)],
);

export const reversalKind = pgEnum("reversal_kind", [
  "pieces_cancelled",
  "order_cancelled",
  "goods_returned",
  "returned_to_origin",
  "order_refunded",
  // A "pay now" discount (decision 094): the value taken off a COD order its shopper paid online.
  "pay_now_discount",
]);

/**
 * What is taken back from a confirmed sale, on the day it is (decision 063): pieces cancelled, the order
 * cancelled (less the fee kept), goods returned (what the seller accepted), a parcel returned undelivered, the
 * order refunded whole. The sales report and the dashboard net these in their own period, as the tax figures
 * net credit notes in the month they are issued. `amount`: minor units of the order's currency. Written only
 * by the orders module (reversals.ts).
 */
export const orderReversals = pgTable(
  "order_reversals",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: reversalKind("kind").notNull(),
    amount: integer("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_reversals_order_idx").on(t.orderId),
    index("order_reversals_created_idx").on(t.createdAt),
    check("order_reversals_amount", sql`${t.amount} >= 0`),
  ],
);

/** The pieces of each line a reversal takes back. */
export const orderReversalLines = pgTable(
  "order_reversal_lines",
  {
    id: serial("id").primaryKey(),
    reversalId: integer("reversal_id")
      .notNull()
      .references(() => orderReversals.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    pieces: integer("pieces").notNull(),
  },
  (t) => [
    index("order_reversal_lines_reversal_idx").on(t.reversalId),
    check("order_reversal_lines_pieces", sql`${t.pieces} > 0`),
  ],
);
