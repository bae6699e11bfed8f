import type { ServiceLog } from "../../../log";

/**
 * Sends the simulated courier's tracking webhooks to the store over real HTTP, as Shiprocket would, after
 * the change they report has committed. `send` answers when the store has answered (the back office's
 * simulator buttons wait for it, so the page shows the new state); `settled` waits for every delivery.
 */
export function createCourierWebhookSender(target: () => string, log: ServiceLog) {
  const inFlight = new Set<Promise<void>>();

  async function post(body: string, headers: Record<string, string>): Promise<void> {
    try {
      const response = await fetch(target(), {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok)
        log.warn({ status: response.status, body: await response.text() }, "simulated courier webhook was refused");
    } catch (err) {
      log.warn({ err }, "simulated courier webhook could not be delivered");
    }
  }

  return {
    send(body: string, headers: Record<string, string>): Promise<void> {
      const delivery = post(body, headers).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
      return delivery;
    },
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type CourierWebhookSender = ReturnType<typeof createCourierWebhookSender>;
