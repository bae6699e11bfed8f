import type { AppConfig } from "../../config";
import { createPayPal } from "./paypal";
import type { PaymentProvider, ProviderName } from "./provider";
import { createRazorpay } from "./razorpay";
import { SIMULATOR_PREFIX, type SimulatorCredentials } from "./simulator/credentials";

export interface PaymentGateway {
  /** The provider to charge through, or null: no keys and no simulator (production), so no online payment. */
  provider(name: ProviderName): PaymentProvider | null;
  /** Some provider runs on the simulator, so its endpoints and widgets must be served. */
  readonly usesSimulator: boolean;
}

/**
 * Each provider is real when its keys are configured, otherwise simulated when the simulator is allowed
 * (never in production unless SIMULATOR=1), otherwise absent. The simulator lives on our own origin, and
 * its address is read per call because tests learn it only after listening on port 0. `simulator` holds
 * this install's simulator credentials; without them nothing is simulated.
 */
export function createPaymentGateway(config: AppConfig, simulator?: SimulatorCredentials): PaymentGateway {
  const simulatorUrl = (provider: ProviderName) => () =>
    `${config.publicUrl.replace(/\/+$/, "")}${SIMULATOR_PREFIX}/${provider}`;
  const { razorpay: rzp, paypal: pp } = config;

  const razorpay =
    rzp.keyId && rzp.keySecret
      ? createRazorpay({
          keyId: rzp.keyId,
          keySecret: rzp.keySecret,
          webhookSecret: rzp.webhookSecret,
          baseUrl: () => rzp.baseUrl,
          simulated: false,
        })
      : config.simulator && simulator
        ? createRazorpay({ ...simulator.razorpay, baseUrl: simulatorUrl("razorpay"), simulated: true })
        : null;

  const paypal =
    pp.clientId && pp.clientSecret
      ? createPayPal({
          clientId: pp.clientId,
          clientSecret: pp.clientSecret,
          webhookId: pp.webhookId,
          baseUrl: () => pp.baseUrl,
          simulated: false,
        })
      : config.simulator && simulator
        ? createPayPal({ ...simulator.paypal, baseUrl: simulatorUrl("paypal"), simulated: true })
        : null;

  return {
    provider: (name) => (name === "razorpay" ? razorpay : paypal),
    usesSimulator: Boolean(razorpay?.simulated || paypal?.simulated),
  };
}
