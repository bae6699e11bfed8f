/**
 * Provider outages on demand, so the store's retries can be seen working: the next `n` refund calls of
 * either simulated provider answer 503, as a provider in trouble does. Set from tests in process, or over
 * HTTP (`POST /sim/outages`) by the browser ring and a demo.
 */
export function createOutages() {
  let refunds = 0;
  return {
    failRefunds(count: number): void {
      refunds = Math.max(0, Math.floor(count));
    },
    /** True (and one fewer left) when this refund call is one of the failing ones. */
    refundFails(): boolean {
      if (refunds === 0) return false;
      refunds -= 1;
      return true;
    },
  };
}

export type Outages = ReturnType<typeof createOutages>;
