import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Ids shaped like the providers' (order_XXXXXXXXXXXXXX, 17-character PayPal ids). */
export function simulatedId(prefix: string, length = 14, alphabet = ALPHABET): string {
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
export const paypalId = () => simulatedId("", 17, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");

/**
 * The simulated provider's records, in memory: the simulator stands in for a third party, and a demo or a
 * test run needs nothing more durable. Bounded, so a long-running demo cannot grow it without limit.
 */
export class SimulatorTable<V> {
  private readonly rows = new Map<string, V>();
  constructor(private readonly limit = 10_000) {}

  get(id: string): V | undefined {
    return this.rows.get(id);
  }

  set(id: string, value: V): V {
    this.rows.set(id, value);
    if (this.rows.size > this.limit) {
      const oldest = this.rows.keys().next().value;
      if (oldest !== undefined) this.rows.delete(oldest);
    }
    return value;
  }

  values(): IterableIterator<V> {
    return this.rows.values();
  }
}

export const unixNow = () => Math.floor(Date.now() / 1000);
