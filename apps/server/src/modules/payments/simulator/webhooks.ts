import type { ServiceLog } from "../../../log";

/**
 * How long after the call that caused it a webhook leaves. The providers queue their webhooks and deliver
 * them within seconds, so the shopper's browser, back from the widget, usually verifies first; sent at once,
 * every webhook raced the verify for the same order's locks (decision 048).
 */
const DELIVERY_DELAY_MS = 1000;

/**
 * Sends the simulator's webhooks to our own endpoints over real HTTP, as the providers would, shortly after
 * the call that caused them. Tests can hold deliveries (to play "the webhook is late") and wait for all.
 */
export function createWebhookSender(target: (provider: string) => string, log: ServiceLog) {
  const inFlight = new Set<Promise<void>>();
  const held: (() => Promise<void>)[] = [];
  let holding = false;

  async function post(provider: string, body: string, headers: Record<string, string>): Promise<void> {
    try {
      const response = await fetch(target(provider), {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok)
        log.warn({ provider, status: response.status, body: await response.text() }, "simulated webhook was refused");
    } catch (err) {
      log.warn({ err, provider }, "simulated webhook could not be delivered");
    }
  }

  function start(send: () => Promise<void>): void {
    const delivery = new Promise((resolve) => setTimeout(resolve, DELIVERY_DELAY_MS))
      .then(send)
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }

  return {
    send(provider: string, body: string, headers: Record<string, string>): void {
      const send = () => post(provider, body, headers);
      if (holding) held.push(send);
      else start(send);
    },
    /** While held, webhooks queue up instead of being sent (the browser comes back first). */
    hold(): void {
      holding = true;
    },
    /** Sends what was held, then delivers as usual. */
    release(): void {
      holding = false;
      for (const send of held.splice(0)) start(send);
    },
    /** Resolves when every delivery under way has been answered. */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    /** Deliveries still queued by hold(). */
    get heldCount(): number {
      return held.length;
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
