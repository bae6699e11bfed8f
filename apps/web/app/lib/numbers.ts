import type { NumbersEvent } from "@store/shared";

/** A page shown (the beacon makes it a visit, and a product view on a product's page), or an event as it is sent. */
export type NumbersNote = NumbersEvent | { type: "page"; path: string; search: string };

const waiting: NumbersNote[] = [];
let beacon: Promise<(notes: NumbersNote[]) => void> | undefined;

/**
 * The seller's numbers (decision 105), kept out of the first load: this is all a page carries. The first
 * note (an effect, so after hydration) loads the beacon's own chunk, which batches and sends.
 */
export function note(event: NumbersNote): void {
  waiting.push(event);
  beacon ??= import("./numbers-beacon").then((module) => module.take);
  void beacon.then((take) => take(waiting.splice(0)));
}
