/**
 * Child process of bench/peer.ts: Vendure's server on the given port, its job queue (search index updates
 * after each order, collection filters) in this same process, so all of Vendure's work lands in the CPU
 * that bench/peer.ts reads from /proc/<pid>/stat. Prints {"origin": ...} when ready; exits on SIGTERM or
 * when its parent closes stdin (so it never outlives a crashed benchmark).
 *
 * Argument (JSON): { db, port }.
 */
import core from "@vendure/core";
import { answer, vendureConfig } from "./config.mjs";

const { bootstrap, JobQueueService } = core;
const input = JSON.parse(process.argv[2] ?? "{}");

const app = await bootstrap(vendureConfig(input.db, input.port, false));
await app.get(JobQueueService).start();
answer({ origin: `http://127.0.0.1:${input.port}` });

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await app.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.stdin.on("end", stop);
process.stdin.resume();
