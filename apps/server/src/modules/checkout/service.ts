import {
  BUYER_GSTIN_MESSAGES,
  BANK_TRANSFER_METHOD,
  isCashOnDeliveryAllowed,
  STORE_CREDIT_METHOD,
  toMinorUnits,
  type CodOfferQuery,
  type ConfirmCodRequest,
  type CreateOrderRequest,
  type Currency,
  type DutiesEstimateQuery,
  type DutiesNotice,
} from "@store/shared";
import { cartLineRows, cartViewOf } from "../cart/cart-view";
import { cartDutiesNotice } from "./duties";
import type { CheckoutLimits, Limit } from "../../config";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/client";
import { cartForReading } from "../cart/cart-access";
import { lockCartForCheckout, touchCart } from "../cart/checkout-lines";
import type { PaymentGateway } from "../payments/gateway";
import type { ServiceLog } from "../../log";
import { providerOrderFor } from "../payments/provider-orders";
import { notConfigured, unknownMethod } from "../payments/refusals";
import { assertUnderClientCap, assertUnderEmailCap } from "../orders/caps";
import { confirmOrder } from "../confirmation/confirm";
import { confirmWithCode } from "./cod-confirm";
import { sendCode, type CodeSent } from "./cod-codes";
import {
  assertTakenAtOnce,
  closeAttempt,
  closeOtherAttempts,
  holdOrder,
  OPEN_STATUSES,
  type LineToHold,
} from "../orders/holds";
import { giveBackOnClose as giveBackCredit } from "../store-credit/ledger";
import { assertAmountMatches, quoteCart, shippingFeeOf } from "./quote";
import { refusal, Refusal } from "../../errors";
import { saveOrder, type Client, type NewOrder, type Written } from "../orders/save-order";
import type { OrderRow } from "../orders/transitions";
import type { SessionUser } from "../accounts/service";
import type { DeliveryPromises } from "../geo/delivery-promise";
import { checkDeliveryAddress } from "./delivery-address";
import { creditAsked, planCredit, SIGN_IN_FOR_CREDIT, spendPlannedCredit } from "./store-credit";
import { readSellerGst, readShippingFees } from "../settings/service";
import { shippingOffers, shopShippingOffers } from "./shipping-offers";
import { shippingPromise, shippingQuote } from "./shipping-promise";
import { decideCod } from "../cod-rules/decide";
import { reorder } from "./reorder";
import { ADVANCE_PROVIDER, codAskOf, codOffer } from "./cod-offer";
import { bankTransferView, offeredBankAccount, oweBackOnClose } from "../payments/bank-transfer";
import { bankTransferPlacedEmail } from "../payments/bank-transfer-email";
import type { GiveBackOnClose } from "../orders/holds";
import { queueEmail } from "../../email/outbox";

/**
 * A closed attempt gives back the store credit it spent and owes back any bank transfers it received
 * (decision 098); the expiry job closes with it too.
 */
export const giveBackOnClose: GiveBackOnClose = async (tx, orderId) => {
  await giveBackCredit(tx, orderId);
  await oweBackOnClose(tx, orderId);
};

export type { Client } from "../orders/save-order";

export type CreatedOrder =
  /** `method`: the registered provider's name (payments/providers.ts). */
  | { method: string; order: OrderRow; providerOrderId: string; publicKey: string }
  /** The store credit paid it all: paid at once (decision 088). */
  | { method: typeof STORE_CREDIT_METHOD; order: OrderRow }
  /** Confirmed at once (`cod_confirmed`), or waiting for the code (`awaiting_confirmation`) that `code` says went where. */
  | { method: "cod"; order: OrderRow; code?: CodeSent }
  /** Held until the seller records the transfers (decision 098). */
  | { method: typeof BANK_TRANSFER_METHOD; order: OrderRow };

/**
 * One step of an attempt, in its transaction; a Refusal it throws rolls the attempt back. `fresh`: for an
 * order this attempt has just created, its lines in their order (nothing to read back) and what the
 * statement that wrote it learnt and took (decision 107).
 */
type Step = (tx: Tx, order: OrderRow, now: Date, fresh?: Fresh) => Promise<void>;
type Fresh = Written & { lines: readonly LineToHold[] };
/** `created`: this attempt wrote the order (else it found the same attempt's order: two tabs, a retry). */
type Attempt = { order: OrderRow; created: boolean };

const isOpen = (order: OrderRow) => (OPEN_STATUSES as readonly string[]).includes(order.status);

function closedRefusal(order: OrderRow): Refusal {
  return order.status === "cancelled" || order.status === "refunded"
    ? refusal("conflict", "ORDER_CLOSED", "This order was cancelled. Please review your cart.")
    : refusal("conflict", "ORDER_CLOSED", "This order has already been placed.");
}

export function createCheckoutService(
  db: Db,
  deps: {
    gateway: PaymentGateway;
    log: ServiceLog;
    limits: CheckoutLimits;
    /** Cash-on-delivery codes per address or number (decision 062). */
    codCodes: Limit;
    /** Whether WhatsApp messages really go out (the Cloud API or its simulator, not the log): codes may go there. */
    whatsappOn: boolean;
    /** India Post's directory and the delivery promise (geo), with the courier's serviceability when wired. */
    delivery: DeliveryPromises;
    /**
     * Who may pay by bank transfer (decision 098): handed in by services.ts, which knows the trade accounts
     * (a module above this one). Absent: nobody.
     */
    mayPayByBankTransfer?: (accountId: number | null) => Promise<boolean>;
  },
) {
  const { limits } = deps;

  /**
   * One checkout attempt, in one transaction under the cart's lock: priced as the user saw it, checked
   * against the client's amount, saved (or found again: two tabs, a retry), then `opened` when new or
   * `resumed` when found. An attempt found lapsed (its time ran out, or it was replaced) is closed and the
   * cart marked changed, and the checkout runs once more as a new attempt. A refusal rolls it all back.
   */
  async function attempt(
    /** The cart named by the request (null: the user's own), its access checked under its lock. */
    cartId: string | null,
    input: CreateOrderRequest,
    user: SessionUser | null,
    client: Client,
    fresh: Pick<NewOrder, "status" | "isTest" | "codAdvance" | "holdAtOnce">,
    opened: Step,
    resumed: Step,
    holdMinutes = limits.holdMinutes,
  ): Promise<Attempt | "again"> {
    const now = new Date();
    return db.transaction(async (tx): Promise<Attempt | "again"> => {
      // A guest's address is kept for the cart's reminder should this checkout be left unfinished; a
      // refused attempt rolls it back with the rest.
      const cart = await lockCartForCheckout(tx, cartId, user, !user && input.email ? input.email : null);
      if (!cart) throw refusal("unprocessable", "CART_EMPTY", "Your cart is empty.");
      const quote = await quoteCart(
        tx,
        cart,
        {
          currency: input.currency,
          method: input.payment_method,
          promoCode: input.promo_code,
          shippingMethod: input.shipping_method,
          country: input.delivery_country,
          credit: creditAsked(input),
          advance: fresh.codAdvance,
        },
        now,
      );
      assertAmountMatches(quote, input.amount);
      const credit = await planCredit(tx, user, input, toMinorUnits(quote.total));

      const expiresAt = new Date(now.getTime() + holdMinutes * 60_000);
      const saved = await saveOrder(tx, quote, input, user, {
        ...fresh,
        // One the store credit pays whole is confirmed, not held (holdForPayment).
        holdAtOnce: fresh.holdAtOnce && credit.paymentMethod !== STORE_CREDIT_METHOD,
        client,
        expiresAt,
        storeCredit: credit.credit,
        paymentMethod: credit.paymentMethod,
        // Never more than the store credit leaves to pay (none when the credit pays it all).
        codAdvance: Math.max(0, Math.min(fresh.codAdvance ?? 0, toMinorUnits(quote.total) - credit.credit)),
      });
      const { order, created } = saved;
      if (
        !created &&
        (order.status === "expired" || (isOpen(order) && order.expiresAt !== null && order.expiresAt <= now))
      ) {
        if (isOpen(order)) await closeAttempt(tx, order, "EXPIRED", giveBackOnClose);
        else await touchCart(tx, cart.id);
        return "again";
      }
      if (!saved.created) {
        if (!isOpen(order)) throw closedRefusal(order);
        await resumed(tx, order, now);
        return { order, created };
      }
      // Spent with the order it pays, once: a second tab finding this order spends nothing more.
      await spendPlannedCredit(tx, order, credit);
      // A new attempt holds the lines it has just written (a resumed one reads its own back).
      const lines = quote.lines.map((l) => ({ ...l, productName: l.name }));
      await opened(tx, order, now, { ...saved.written, lines });
      return { order, created };
    });
  }

  async function checkout(...args: Parameters<typeof attempt>): Promise<Attempt> {
    for (let round = 0; round < 2; round++) {
      const outcome = await attempt(...args);
      if (outcome !== "again") return outcome;
    }
    throw refusal(
      "conflict",
      "CART_CHANGED",
      "Your cart changed while you were checking out. Please review it and try again.",
    );
  }

  /** A new attempt closes the cart's older ones, then must fit the client's cap of open attempts. */
  const openAttempt =
    (...more: Step[]): Step =>
    async (tx, order, now, fresh) => {
      if (!fresh) throw new Error(`order ${order.id}: opening an attempt it did not create`);
      if (fresh.othersOpen) await closeOtherAttempts(tx, order.cartId, order.id, giveBackOnClose);
      assertUnderClientCap(order, fresh.clientOpen, limits.openOrdersPerClient, limits.holdMinutes);
      for (const step of more) await step(tx, order, now, fresh);
    };
  const nothing: Step = async () => {};
  /**
   * A card or wallet order holds its pieces until paid (taken as it was written, unless older attempts had
   * to give theirs back first); one the store credit pays whole is paid now.
   */
  const holdForPayment: Step = async (tx, order, _now, fresh) => {
    if (order.paymentMethod === STORE_CREDIT_METHOD) return confirmOrder(tx, order, "paid", "Paid with store credit");
    if (fresh?.taken) return assertTakenAtOnce(order, fresh.lines, fresh.taken, "order");
    return holdOrder(tx, order, "order", fresh?.lines);
  };
  /** A new bank-transfer order e-mails where to pay, with the order page's details, in its own transaction. */
  const mailTransferDetails: Step = async (tx, order, _now, fresh) => {
    if (order.paymentMethod !== BANK_TRANSFER_METHOD || !order.email) return;
    const transfer = await bankTransferView(tx, order);
    if (transfer)
      await queueEmail(tx, bankTransferPlacedEmail({ ...order, email: order.email }, transfer, fresh?.lines ?? []));
  };
  /** Sends the code (WhatsApp or e-mail, sendCode decides), noting in `sent` where it went. */
  const sendCodeStep =
    (input: CreateOrderRequest, sent: { code?: CodeSent }): Step =>
    async (tx, order, now) => {
      if (!order.email) return;
      const options = { wanted: input.cod_code_channel, whatsappOn: deps.whatsappOn };
      sent.code = await sendCode(tx, { ...order, email: order.email }, now, deps.codCodes, options);
    };
  const confirmAtOnce: Step = (tx, order) => confirmOrder(tx, order, "cod_confirmed", "Cash on delivery");

  /**
   * Cash on delivery. A signed-in user whose e-mail is verified is confirmed at once: stock and promo
   * taken under the cart's lock. Anyone else confirms with a code e-mailed to the address given; until then
   * the order holds nothing and the seller does not see it.
   */
  async function cashOnDelivery(
    cartId: string,
    input: CreateOrderRequest,
    user: SessionUser | null,
    client: Client,
  ): Promise<CreatedOrder> {
    if (user?.emailVerifiedAt) {
      const { order } = await checkout(
        cartId,
        input,
        user,
        client,
        { status: "pending_payment", isTest: false },
        confirmAtOnce,
        confirmAtOnce,
      );
      return { method: "cod", order: { ...order, status: "cod_confirmed" } };
    }
    if (!input.email && !user) {
      throw refusal(
        "unprocessable",
        "EMAIL_REQUIRED",
        "Please enter your e-mail address: we send a code to it to confirm a cash-on-delivery order.",
      );
    }
    // Asking again for the same checkout sends a fresh code (on the channel asked for this time).
    const sent: { code?: CodeSent } = {};
    const mailCode = sendCodeStep(input, sent);
    const { order } = await checkout(
      cartId,
      input,
      user,
      client,
      { status: "awaiting_confirmation", isTest: false },
      openAttempt(assertUnderEmailCap, mailCode),
      mailCode,
    );
    return { method: "cod", order, code: sent.code };
  }

  /**
   * Cash on delivery with an advance (decision 093): held and paid like a card order, but the card provider
   * is asked only for the advance; its payment confirms the order (no code: paying proves intent) and the
   * courier collects the rest.
   */
  async function codWithAdvance(
    cartId: string,
    input: CreateOrderRequest,
    user: SessionUser | null,
    client: Client,
    advance: number,
  ): Promise<CreatedOrder> {
    const provider = deps.gateway.provider(ADVANCE_PROVIDER);
    if (!provider) throw notConfigured();
    const held = await checkout(
      cartId,
      input,
      user,
      client,
      { status: "pending_payment", isTest: provider.simulated, codAdvance: advance, holdAtOnce: true },
      openAttempt(holdForPayment),
      nothing,
    );
    if (held.order.paymentMethod === STORE_CREDIT_METHOD)
      return { method: STORE_CREDIT_METHOD, order: { ...held.order, status: "paid" } };
    return {
      method: provider.name,
      order: held.order,
      providerOrderId: await providerOrderFor(db, held.order, provider, deps.log, held.created),
      publicKey: provider.publicKey,
    };
  }

  /** The seller's rule for this shopper (decision 093): refused (422 with its sentence), plain, or an advance. */
  async function cashOnDeliveryByRule(
    cartId: string,
    input: CreateOrderRequest,
    user: SessionUser | null,
    client: Client,
  ): Promise<CreatedOrder> {
    // `amount` is the total as the shopper saw it; the attempt refuses it (AMOUNT_MISMATCH) unless it is the quote's.
    const decision = await decideCod(db, codAskOf(input, user), new Date());
    if (decision.cod === "refused") throw refusal("unprocessable", "COD_NOT_OFFERED", decision.sentence);
    if (decision.cod === "advance") return codWithAdvance(cartId, input, user, client, decision.advanceMinor);
    return cashOnDelivery(cartId, input, user, client);
  }

  /**
   * Bank transfer (decision 098): for whom services.ts allows, in INR, while the seller has it on. Held like a
   * card order, but for the seller's days to pay; the seller's recorded transfers confirm it.
   */
  async function bankTransfer(
    cartId: string | null,
    input: CreateOrderRequest,
    user: SessionUser | null,
    client: Client,
    daysToPay: number,
  ): Promise<CreatedOrder> {
    const held = await checkout(
      cartId,
      input,
      user,
      client,
      { status: "pending_payment", isTest: false, holdAtOnce: true },
      openAttempt(holdForPayment, mailTransferDetails),
      nothing,
      daysToPay * 24 * 60,
    );
    if (held.order.paymentMethod === STORE_CREDIT_METHOD)
      return { method: STORE_CREDIT_METHOD, order: { ...held.order, status: "paid" } };
    return { method: BANK_TRANSFER_METHOD, order: held.order };
  }

  /** Whether this shopper may choose bank transfer now: allowed, and the seller's account is on. */
  async function bankTransferFor(user: SessionUser | null) {
    if (!(await deps.mayPayByBankTransfer?.(user?.id ?? null))) return null;
    return offeredBankAccount(db);
  }

  return {
    /** Whether the checkout offers bank transfer to this reader (payment options, decision 098). */
    offersBankTransfer: async (user: SessionUser | null) => (await bankTransferFor(user)) !== null,

    /** `POST /api/create-order/` (spec section 7). */
    async createOrder(request: CreateOrderRequest, user: SessionUser | null, client: Client): Promise<CreatedOrder> {
      const method = request.payment_method;
      if (request.use_store_credit && !user) throw SIGN_IN_FOR_CREDIT();
      const byCredit = method === STORE_CREDIT_METHOD;
      if (method === "cod" && !isCashOnDeliveryAllowed(request.currency)) {
        throw refusal("unprocessable", "COD_NOT_AVAILABLE", "Cash on delivery is available for orders in INR only.");
      }
      // The address as India Post and the courier know it (city and state filled in), or a field's refusal.
      const input = await checkDeliveryAddress(deps.delivery, request, new Date());
      if (input.buyer_gstin !== null && input.buyer_gstin === (await readSellerGst(db))?.gstin)
        throw new Refusal("unprocessable", "BUYER_GSTIN_OWN", BUYER_GSTIN_MESSAGES.sellersOwn, [
          { path: "buyer_gstin", message: BUYER_GSTIN_MESSAGES.sellersOwn },
        ]);
      if (method === BANK_TRANSFER_METHOD) {
        if (!user) throw refusal("unauthorized", "SIGN_IN_REQUIRED", "Please sign in to pay by bank transfer.");
        if (request.currency !== "INR")
          throw refusal("unprocessable", "BANK_TRANSFER_NOT_AVAILABLE", "Bank transfer is for orders in INR only.");
        const account = await bankTransferFor(user);
        if (!account)
          throw refusal("forbidden", "BANK_TRANSFER_NOT_OFFERED", "Bank transfer is not offered to this account.");
        return bankTransfer(input.cart_id, input, user, client, account.days_to_pay);
      }
      if (method !== "cod" && !byCredit && !deps.gateway.knows(method)) throw unknownMethod();
      const provider = method === "cod" || byCredit ? null : deps.gateway.provider(method);
      if (method !== "cod" && !byCredit && !provider)
        throw refusal("unavailable", "PAYMENT_NOT_CONFIGURED", "Online payment is not configured.");

      if (method === "cod") {
        // The cart's access rules: a guest cart by its id, a user's cart only with their token.
        const cart = await cartForReading(db, input.cart_id, user);
        if (!cart) throw refusal("unprocessable", "CART_EMPTY", "Your cart is empty.");
        return cashOnDeliveryByRule(cart.id, input, user, client);
      }

      // Committed before the provider is asked: a provider that refuses leaves the attempt open, to retry.
      // The attempt checks the cart's access rules on the row it locks (read once, decision 107).
      const held = await checkout(
        input.cart_id,
        input,
        user,
        client,
        { status: "pending_payment", isTest: provider?.simulated ?? false, holdAtOnce: true },
        openAttempt(holdForPayment),
        nothing,
      );
      if (held.order.paymentMethod === STORE_CREDIT_METHOD)
        return { method: STORE_CREDIT_METHOD, order: { ...held.order, status: "paid" } };
      if (!provider) throw new Error(`order ${held.order.id} has no payment method to pay its rest`);
      return {
        method: provider.name,
        order: held.order,
        providerOrderId: await providerOrderFor(db, held.order, provider, deps.log, held.created),
        publicKey: provider.publicKey,
      };
    },

    /**
     * `GET /api/duties-estimate/`, and the cart page's first paint: what the buyer is told about import duties
     * and taxes for this cart delivered to `country` (null for India or an empty cart), priced as the quote
     * prices it (before a promo; with the shipping method's fee when one is named).
     */
    /** `POST /api/reorder/`: a past order of the caller's back in their cart (decision 097). */
    reorder: (user: SessionUser, orderId: number) => reorder(db, user, orderId),

    async dutiesEstimate(query: DutiesEstimateQuery, user: SessionUser | null): Promise<DutiesNotice | null> {
      const cart = await cartForReading(db, query.cart_id, user);
      if (!cart) return null;
      const view = cartViewOf(cart.id, await cartLineRows(db, cart.id), query.currency);
      const shipping = query.shipping_method
        ? await shippingFeeOf(db, {
            currency: query.currency,
            country: query.country,
            shippingMethod: query.shipping_method,
            lines: view.data.map((l) => ({ productId: l.product_pk, quantity: l.quantity })),
          })
        : 0;
      return cartDutiesNotice(
        db,
        view,
        { country: query.country, currency: query.currency, discount: 0, shipping },
        new Date(),
      );
    },

    /** `GET /api/shipping-fees/`: the fees the seller set, which the checkout and the shipping policy show. */
    shippingFees: () => readShippingFees(db),

    /** `GET /api/shipping-promise/`: each offered method's days and fee for one piece to a country (decision 080). */
    shippingPromise: (input: { productId: number; country: string; currency: Currency }) => shippingPromise(db, input),

    /** Every method's fee for one piece to the countries it reaches: the product page's structured data (decision 104). */
    shippingOffers: (input: { productId: number; currency: Currency }) => shippingOffers(db, input),

    /** The shop-wide rates for a half-kilo piece: the home page's Organization shipping policy (decision 104). */
    shopShippingOffers: (currency: Currency) => shopShippingOffers(db, currency),

    /** `GET /api/shipping-quote/`: each offered method's fee for the cart to a country (decision 080). */
    shippingQuote: (input: { cartId: string; country: string; currency: Currency }, user: SessionUser | null) =>
      shippingQuote(db, input, user),

    /** `GET /api/cod-offer/`: whether cash on delivery is offered to this cart and PIN code, before choosing. */
    codOffer: (query: CodOfferQuery, user: SessionUser | null) => codOffer(db, query, user, new Date()),

    /** `POST /api/confirm-cod-order/`: the e-mailed code turns a waiting cash-on-delivery order into a confirmed one. */
    confirmCashOnDelivery: (input: ConfirmCodRequest, user: SessionUser | null) =>
      confirmWithCode(db, input, user, new Date()),
  };
}
