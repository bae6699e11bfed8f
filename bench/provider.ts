/**
 * Child process of the checkout benchmarks: the card provider's side of the flow. A deployed store's
 * provider is another company's server, so its simulator runs here, in a process and an in-memory database
 * of its own; the store's CPU and database figures are then the store's alone, as the statement count keeps
 * the simulator's statements apart (lib/checkout-statements.ts). Prints one JSON line {"origin", "razorpay"}
 * (the keys the store is given) when ready; exits on SIGTERM or when its parent closes stdin.
 *
 * `npx tsx bench/provider.ts --webhooks-to http://127.0.0.1:PORT`: the store that receives its webhooks.
 */
import { serveForParent, startBenchServer } from "./lib/app-server";
import { cliArgs, stringArg } from "./lib/args";

const args = cliArgs("provider.ts --webhooks-to ORIGIN", { "webhooks-to": { type: "string" } });
const webhooksTo = stringArg(args["webhooks-to"]);
if (!webhooksTo) throw new Error("provider.ts needs --webhooks-to: the origin of the store it pays for");

const server = await startBenchServer({
  database: { kind: "pglite" },
  ssr: "none",
  paymentSimulator: true,
  webhooksTo,
});
const simulator = server.app.paymentSimulator;
if (!simulator) throw new Error("the provider process has no payment simulator");
serveForParent(server, { razorpay: simulator.credentials.razorpay });
