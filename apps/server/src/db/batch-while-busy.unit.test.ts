import { describe, expect, it } from "vitest";
import { batchWhileBusy } from "./batch-while-busy";

/** One turn of the event loop, after which a waiting batch has started. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A batch worker whose batches finish only when the test says so. */
function heldWorker() {
  const batches: number[][] = [];
  const finishers: (() => void)[] = [];
  let failNext = false;
  const work = (inputs: number[]) => {
    batches.push(inputs);
    const fail = failNext;
    failNext = false;
    return new Promise<string[]>((resolve, reject) =>
      finishers.push(() => (fail ? reject(new Error("the statement failed")) : resolve(inputs.map((n) => `#${n}`)))),
    );
  };
  // The finished batch's callers are answered at once; the next batch starts a turn later.
  const finishNext = async () => {
    finishers.shift()!();
    await nextTurn();
    await nextTurn();
  };
  return { work, batches, finishNext, failNextBatch: () => (failNext = true) };
}

describe("batchWhileBusy", () => {
  it("runs a call made while nothing runs at the loop's next turn, alone, and gives it its own answer", async () => {
    const worker = heldWorker();
    const call = batchWhileBusy(worker.work, 10);
    const answer = call(7);
    expect(worker.batches).toEqual([]);
    await nextTurn();
    expect(worker.batches).toEqual([[7]]);
    await worker.finishNext();
    expect(await answer).toBe("#7");
  });

  it("takes the calls made before its turn together, and those made while it runs in the next batch", async () => {
    const worker = heldWorker();
    const call = batchWhileBusy(worker.work, 10);
    const answers = [1, 2].map((n) => call(n));
    await nextTurn();
    answers.push(...[3, 4, 5].map((n) => call(n)));
    expect(worker.batches).toEqual([[1, 2]]);
    await worker.finishNext();
    expect(worker.batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    await worker.finishNext();
    expect(await Promise.all(answers)).toEqual(["#1", "#2", "#3", "#4", "#5"]);
  });

  it("takes at most maxBatch calls at a time", async () => {
    const worker = heldWorker();
    const call = batchWhileBusy(worker.work, 2);
    const answers = [1, 2, 3, 4, 5].map((n) => call(n));
    await nextTurn();
    for (let i = 0; i < 3; i++) await worker.finishNext();
    expect(worker.batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(await Promise.all(answers)).toEqual(["#1", "#2", "#3", "#4", "#5"]);
  });

  it("fails every call of a failed batch, and only those; the next batch runs as usual", async () => {
    const worker = heldWorker();
    const call = batchWhileBusy(worker.work, 10);
    const first = call(1);
    await nextTurn();
    const failing = [2, 3].map((n) => call(n).catch((error: Error) => error.message));
    worker.failNextBatch();
    await worker.finishNext();
    const later = call(4);
    await worker.finishNext();
    await worker.finishNext();
    expect(worker.batches).toEqual([[1], [2, 3], [4]]);
    expect(await first).toBe("#1");
    expect(await Promise.all(failing)).toEqual(["the statement failed", "the statement failed"]);
    expect(await later).toBe("#4");
  });
});
