import { summarize, type LatencySummary } from "./stats";

/** What a checkout loop measured: the figures both flow runners (ours and the peer's) report. */
export interface LoopReport<Step extends string> {
  completed: number;
  flowsPerSecond: number;
  latencyMs: LatencySummary;
  stepsMs: Record<Step, LatencySummary>;
  errors: number;
  errorSamples: string[];
}

/**
 * `loops` concurrent shoppers, each running `checkout` on the next of `items` until the time is up; the first
 * `warmupSeconds` are not recorded. `checkout` times its own steps with the `step` it is given.
 */
export async function runShopperLoop<Item, Step extends string>(
  spec: { loops: number; warmupSeconds: number; durationSeconds: number },
  items: readonly Item[],
  steps: readonly Step[],
  checkout: (item: Item, step: <T>(name: Step, call: () => Promise<T>) => Promise<T>) => Promise<void>,
): Promise<LoopReport<Step>> {
  const stepSamples = new Map<Step, number[]>(steps.map((s) => [s, []]));
  const flowSamples: number[] = [];
  const errorSamples = new Set<string>();
  let errors = 0;
  const recordFrom = performance.now() + spec.warmupSeconds * 1000;
  const deadline = recordFrom + spec.durationSeconds * 1000;
  // The parent may watch its event loop over the recorded part only: it learns here when that begins.
  setTimeout(() => process.send?.("recording"), recordFrom - performance.now());

  async function shopper(index: number): Promise<void> {
    for (let n = index; performance.now() < deadline; n += spec.loops) {
      const item = items[n % items.length];
      if (item === undefined) return;
      const started = performance.now();
      const recording = started >= recordFrom;
      const step = async <T>(name: Step, call: () => Promise<T>): Promise<T> => {
        const stepStarted = performance.now();
        const result = await call();
        if (recording) stepSamples.get(name)?.push(performance.now() - stepStarted);
        return result;
      };
      try {
        await checkout(item, step);
        if (recording) flowSamples.push(performance.now() - started);
      } catch (error) {
        if (!recording) continue;
        errors += 1;
        if (errorSamples.size < 5) errorSamples.add(error instanceof Error ? error.message : String(error));
      }
    }
  }

  await Promise.all(Array.from({ length: spec.loops }, (_, i) => shopper(i)));
  const seconds = (performance.now() - recordFrom) / 1000;
  return {
    completed: flowSamples.length,
    flowsPerSecond: Math.round((flowSamples.length / seconds) * 100) / 100,
    latencyMs: summarize(flowSamples),
    stepsMs: Object.fromEntries(steps.map((s) => [s, summarize(stepSamples.get(s) ?? [])])) as Record<
      Step,
      LatencySummary
    >,
    errors,
    errorSamples: [...errorSamples],
  };
}
