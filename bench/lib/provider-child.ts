import { fileURLToPath } from "node:url";
import { startJsonLineChild, type ServerChild } from "./server-child";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const providerScript = fileURLToPath(new URL("../provider.ts", import.meta.url));

/** A Razorpay-compatible provider in a process of its own: where it answers and the keys it gave the store. */
export interface ProviderEndpoint {
  origin: string;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string };
}

/** The environment that points a store at a provider process, as a real provider's keys would. */
export function providerEnv(provider: ProviderEndpoint): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: provider.razorpay.keyId,
    RAZORPAY_KEY_SECRET: provider.razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: provider.razorpay.webhookSecret,
    // The simulator's Razorpay API, as the flow's "Pay now" (lib/flow-runner.ts) finds its widget's endpoint.
    RAZORPAY_BASE_URL: `${provider.origin}/sim/razorpay`,
  };
}

export type ProviderChild = ProviderEndpoint &
  Pick<ServerChild, "pid"> & {
    /** Stops it once its webhooks under way are delivered: stop it before the store, which receives them. */
    stop(): Promise<void>;
  };

/**
 * Starts the card provider's simulator in a process of its own (bench/provider.ts), sending its webhooks to
 * the store at `storeOrigin`; the store is then given the keys it answered with.
 */
export async function startProviderChild(storeOrigin: string): Promise<ProviderChild> {
  const child = await startJsonLineChild(["--import", "tsx", providerScript, "--webhooks-to", storeOrigin], repoRoot);
  const { razorpay } = child.ready as Pick<ProviderEndpoint, "razorpay">;
  const stop = async () => {
    child.stop();
    await child.exited;
  };
  return { origin: child.origin, razorpay, pid: child.pid, stop };
}
