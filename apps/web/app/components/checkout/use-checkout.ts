import {
  cardOrderResponseSchema,
  codAwaitingResponseSchema,
  codOrderResponseSchema,
  BANK_TRANSFER_METHOD,
  bankTransferOrderResponseSchema,
  creditOrderResponseSchema,
  MESSAGES,
  STORE_CREDIT_METHOD,
  toMinorUnits,
  walletOrderResponseSchema,
  type CodAwaitingResponse,
  type CodCodeChannel,
  type ConfirmCodRequest,
  type CreateOrderInput,
  type Currency,
  type PaymentMethod,
  type PaymentOptionsResponse,
  type VerifyPaymentRequest,
  type VerifyPaymentResponse,
  type WalletOrderResponse,
} from "@store/shared";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";
import { useCart } from "../../lib/cart";
import { useSession } from "../../lib/session";
import { checkoutFailure, type CheckoutFailure, type FailedStep } from "./checkout-failures";
import { codConfirmedText } from "./cod-code";
import type { FieldProblems } from "./delivery-form";
import { loadProviderScript, type RazorpayPayment } from "./provider-sdk";
import { openRazorpay, type Shopper } from "./razorpay-checkout";
import type { FlashState } from "../layout/flash-notice";

/** A wallet order waiting for the PayPal buttons, for one version of the checkout (`key`). */
export type WalletCheckout = { order: WalletOrderResponse; key: string };

/**
 * A cash-on-delivery order waiting for the e-mailed code, for one version of the checkout (`key`); `body`
 * is what created it, sent again for a new code. `sends` counts the codes this page asked for.
 */
export type CodWaiting = { order: CodAwaitingResponse; body: CreateOrderInput; key: string; sends: number };

/**
 * The widget script of an online method, or null when it is not offered. The wallet's SDK must be told
 * the order's currency (PayPal's default is USD); the simulator's ignores it.
 */
export function providerScript(
  options: PaymentOptionsResponse | null,
  method: PaymentMethod,
  currency: Currency,
): string | null {
  const offer = options?.providers.find((provider) => provider.name === method);
  const src = offer?.available ? offer.script_url : null;
  if (!src || method !== "paypal") return src;
  const url = new URL(src, window.location.origin);
  url.searchParams.set("currency", currency);
  return url.toString();
}

/**
 * The checkout's calls and the providers' widgets (spec sections 4, 7 and 8): create-order, then the card
 * checkout or the wallet's buttons, then verify-payment; cash on delivery is confirmed by create-order, or
 * (guests, unverified accounts) with the code it e-mails, through confirm-cod-order.
 * One attempt at a time: nothing can start while a request or the card checkout is open.
 */
export function useCheckout(options: PaymentOptionsResponse | null) {
  const { cart, refresh } = useCart();
  const cartId = cart?.cart_id ?? null;
  const { expire } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [wallet, setWallet] = useState<WalletCheckout | null>(null);
  const [cod, setCod] = useState<CodWaiting | null>(null);
  const inFlight = useRef(false);

  function begin(): boolean {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    setAlert(null);
    return true;
  }

  function settle(message: string | null = null) {
    inFlight.current = false;
    setBusy(false);
    if (message) setAlert(message);
  }

  function failed(step: FailedStep, error: unknown): CheckoutFailure {
    const failure = checkoutFailure(step, error);
    settle(failure.message);
    if (failure.signedOut) expire(failure.message);
    // A changed total or a sold-out piece: show the cart as it is now, so the shopper can retry.
    if (failure.staleCart) refresh().catch((cause: unknown) => console.error("Cart fetch failed", cause));
    if (failure.attemptOver) setCod(null);
    return failure;
  }

  function unexpected(error: unknown) {
    console.error("Checkout failed", error);
    settle(MESSAGES.unexpectedError);
  }

  /**
   * Spec: after payment the cart is fetched again, with the success notice. Ours: the shopper lands on the
   * order's confirmation page (`orderPage`, the order page in its "just placed" state), not on / (decision 076).
   */
  async function succeed(text: string, orderPage: string) {
    // Navigate first: the cart page would otherwise flash 'empty' as the emptied cart arrives.
    await navigate(orderPage, { state: { flash: text } satisfies FlashState });
    await refresh().catch((error: unknown) => console.error("Cart fetch failed", error));
  }

  async function verify(step: FailedStep, body: VerifyPaymentRequest) {
    let paid: VerifyPaymentResponse;
    try {
      paid = await api.post<VerifyPaymentResponse>("/api/verify-payment/", body);
    } catch (error) {
      failed(step, error);
      return;
    }
    // Cash on delivery's advance (decision 093) confirms the order; the rest is paid at the door.
    const text =
      paid.status === "cod_confirmed"
        ? `Advance paid! Your order #${paid.order_id} is confirmed; the rest is paid at the door.`
        : `Payment successful! Your order #${paid.order_id} is confirmed.`;
    await succeed(text, paid.order_page);
  }

  function payByCard(answer: unknown, shopper: Shopper) {
    const order = cardOrderResponseSchema.parse(answer);
    // Razorpay's own modal stays open after a failed try and may be dismissed later: keep the failure.
    let failedOnce = false;
    openRazorpay(order, shopper, {
      paid: (payment: RazorpayPayment) => {
        inFlight.current = true;
        setBusy(true);
        setAlert(null);
        void verify("verify-card", { razorpay: true, ...payment, amount: order.data.data.amount, cart_id: cartId });
      },
      failed: () => {
        failedOnce = true;
        settle(MESSAGES.paymentFailed);
      },
      dismissed: () => settle(failedOnce ? null : MESSAGES.paymentCancelled),
    });
  }

  /**
   * Creates the order and starts paying for it. Answers the server's field errors (a 400), for the form
   * to show; everything else is reported through `alert`.
   */
  async function pay(
    body: CreateOrderInput,
    method: PaymentMethod,
    shopper: Shopper,
    key: string,
  ): Promise<FieldProblems> {
    if (!begin()) return {};
    setWallet(null);
    setCod(null);
    let answer: unknown;
    try {
      answer = await api.post<unknown>("/api/create-order/", body);
    } catch (error) {
      return failed("create-order", error).fields;
    }
    try {
      // Cash on delivery with an advance (decision 093): the card provider's order, for the advance.
      const advance = method === "cod" && cardOrderResponseSchema.safeParse(answer).success;
      if (method === "cod" && !advance) {
        await codAnswered(answer, body, key, 1);
        return {};
      }
      if (method === STORE_CREDIT_METHOD) {
        const order = creditOrderResponseSchema.parse(answer);
        await succeed(`Your order #${order.order_id} is placed, paid with your store credit.`, order.order_page);
        return {};
      }
      if (method === BANK_TRANSFER_METHOD) {
        // Placed and held (decision 098): the order page shows the account and the reference to quote.
        const order = bankTransferOrderResponseSchema.parse(answer);
        await succeed(
          `Your order #${order.order_id} is placed. Pay by bank transfer quoting ${order.reference}; the account is below.`,
          order.order_page,
        );
        return {};
      }
      const provider = advance ? "razorpay" : method;
      const script = providerScript(options, provider, body.currency);
      if (!script) throw new Error(`No ${provider} script to load`);
      await loadProviderScript(script);
      if (provider === "razorpay") {
        payByCard(answer, shopper);
        return {};
      }
      const order = walletOrderResponseSchema.parse(answer);
      setWallet({ order, key });
      settle();
    } catch (error) {
      unexpected(error);
    }
    return {};
  }

  /** Cash on delivery: confirmed at once (a verified account), or waiting for the code e-mailed to the shopper. */
  async function codAnswered(answer: unknown, body: CreateOrderInput, key: string, sends: number) {
    const waiting = codAwaitingResponseSchema.safeParse(answer);
    if (!waiting.success) return codSucceeded(answer);
    setCod({ order: waiting.data, body, key, sends });
    settle();
  }

  function codSucceeded(answer: unknown) {
    const order = codOrderResponseSchema.parse(answer);
    return succeed(codConfirmedText(order), order.order_page);
  }

  /** One call of the code step: its failure shown (and the step ended when the order is gone), its answer to `then`. */
  async function codCall(step: FailedStep, path: string, body: unknown, then: (answer: unknown) => Promise<void>) {
    if (!begin()) return;
    let answer: unknown;
    try {
      answer = await api.post<unknown>(path, body);
    } catch (error) {
      failed(step, error);
      return;
    }
    await then(answer).catch(unexpected);
  }

  /** The code step's buttons: confirm with the code, or ask for a new one (create-order again, same body). */
  const codEvents = {
    confirm: (request: ConfirmCodRequest) =>
      codCall("confirm-cod", "/api/confirm-cod-order/", request, async (answer) => codSucceeded(answer)),
    resend: async (channel?: CodCodeChannel) => {
      if (!cod) return;
      // The channel asked for stays the one a later "Send a new code" uses.
      const body = channel ? { ...cod.body, cod_code_channel: channel } : cod.body;
      await codCall("create-order", "/api/create-order/", body, (answer) =>
        codAnswered(answer, body, cod.key, cod.sends + 1),
      );
    },
  };

  /** The wallet's callbacks, for the PayPal buttons of `wallet`. */
  const walletEvents = {
    approve: async (orderID: string) => {
      if (!wallet || !begin()) return;
      const { order } = wallet;
      await verify("capture-wallet", { razorpay: false, orderID, amount: toMinorUnits(order.amount), cart_id: cartId });
    },
    cancel: () => setAlert(MESSAGES.paymentCancelled),
    error: (error: unknown) => {
      console.error("PayPal failed", error);
      settle(MESSAGES.paymentFailed);
    },
  };

  return {
    busy,
    alert,
    wallet,
    cod,
    pay,
    walletEvents,
    codEvents,
    /** Back to editing the details: the wallet's pending order is dropped (a new attempt makes a new one). */
    dropWallet: () => setWallet(null),
    /** Back to editing the details: placing the order again e-mails a new code (to the address then given). */
    dropCod: () => setCod(null),
    clearAlert: () => setAlert(null),
  };
}
