/**
 * Group commit for one busy write: calls run together, up to `maxBatch` at a time, as one statement. A
 * batch takes every call made before the event loop's next turn (the requests already read from their
 * sockets), and the calls made while it runs wait for it and go in the next. So a quiet shop pays one
 * turn of the loop (no timer) and a busy one pays one round trip and one commit for many shoppers instead
 * of one each (decision 056). `work` answers one result per input, in order; when it throws, every call of
 * that batch gets the error, as each would have on its own.
 */
export function batchWhileBusy<In, Out>(
  work: (inputs: In[]) => Promise<Out[]>,
  maxBatch: number,
): (input: In) => Promise<Out> {
  const waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      // PGlite runs a statement without giving the loop a turn: without this, no request would ever wait.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = waiting.splice(0, maxBatch);
      try {
        const outs = await work(batch.map((call) => call.input));
        batch.forEach((call, i) => call.resolve(outs[i]!));
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    running = false;
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!running) void drain();
    });
}
