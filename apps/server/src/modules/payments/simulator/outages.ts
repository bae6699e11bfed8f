/**
 * Provider trouble on demand, so the store's retries and follow-ups can be seen working: the next `n` refund
 * calls of either simulated provider answer 503, as a provider in trouble does; the next `m` refunds are taken
 * but left pending (as a bank's slow refund is), made only when the store asks about them again. Set from tests
 * in process, or over HTTP (`POST /sim/outages`, the owner's or a script's with the install's simulator
 * secret) by the browser ring and a demo.
 */
export function createOutages() {
  let failing = 0;
  let pending = 0;
  const take = (left: number): [boolean, number] => (left === 0 ? [false, 0] : [true, left - 1]);
  return {
    failRefunds(count: number): void {
      failing = Math.max(0, Math.floor(count));
    },
    pendRefunds(count: number): void {
      pending = Math.max(0, Math.floor(count));
    },
    /** True (and one fewer left) when this refund call is one of the failing ones. */
    refundFails(): boolean {
      const [fails, left] = take(failing);
      failing = left;
      return fails;
    },
    /** True (and one fewer left) when this refund is taken but left pending. */
    refundPends(): boolean {
      const [pends, left] = take(pending);
      pending = left;
      return pends;
    },
  };
}

export type Outages = ReturnType<typeof createOutages>;
