import { AsyncLocalStorage } from "node:async_hooks";

/** The effects waiting for the transaction the current async work runs in. */
const pending = new AsyncLocalStorage<(() => void)[]>();

/**
 * Runs `effect` once the transaction the caller is in has committed, and never if it rolls back; outside a
 * transaction (its write already committed), at once. For effects other readers must not see early, such as
 * marking a cache stale: done before the commit, a concurrent read could refill it with the old rows. A
 * savepoint that rolls back inside a committed transaction still runs its effects (they must be harmless
 * to repeat, as marking a cache stale is).
 */
export function afterCommit(effect: () => void): void {
  const queue = pending.getStore();
  if (queue) queue.push(effect);
  else effect();
}

/** Runs one transaction (`commit` resolves once it has committed), then the effects it asked for. */
export async function withAfterCommit<T>(commit: () => Promise<T>): Promise<T> {
  const queue: (() => void)[] = [];
  const result = await pending.run(queue, commit);
  for (const effect of queue) effect();
  return result;
}
