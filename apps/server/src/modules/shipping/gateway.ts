import type { AppConfig } from "../../config";
import type { ServiceLog } from "../../log";
import type { ShippingProvider } from "./provider";
import { createShiprocket } from "./shiprocket";
import { COURIER_SIMULATOR_PREFIX, type CourierSimulatorCredentials } from "./simulator/credentials";
import { createCourierSimulatorEngine, type CourierSimulatorEngine } from "./simulator/engine";
import { createCourierWebhookSender } from "./simulator/webhooks";

export interface ShippingGateway {
  /** The courier aggregator, or null: no account and no simulator (production without keys): no shipping. */
  provider: ShippingProvider | null;
  /** Present when the provider is the built-in simulator: its clock and test controls. */
  simulator: CourierSimulatorEngine | null;
}

/**
 * Shiprocket when its API user is configured; otherwise its simulator on our own origin when the simulator
 * is allowed (never in production unless SIMULATOR=1); otherwise none. The simulator's address is read per
 * call because tests learn it only after listening on port 0.
 */
export function createShippingGateway(
  config: AppConfig,
  db: Parameters<typeof createCourierSimulatorEngine>[0],
  log: ServiceLog,
  simulator?: CourierSimulatorCredentials,
): ShippingGateway {
  const s = config.shipping;
  const origin = () => config.publicUrl.replace(/\/+$/, "");
  if (s.email && s.password)
    return {
      provider: createShiprocket({
        email: s.email,
        password: s.password,
        webhookSecret: s.webhookSecret,
        baseUrl: () => s.baseUrl,
        trackingUrl: (awb) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,
        simulated: false,
      }),
      simulator: null,
    };
  if (!config.simulator || !simulator) return { provider: null, simulator: null };
  const sender = createCourierWebhookSender(() => `${origin()}/api/shipping/webhook`, log);
  return {
    provider: createShiprocket({
      ...simulator,
      baseUrl: () => `${origin()}${COURIER_SIMULATOR_PREFIX}`,
      trackingUrl: (awb) => `${origin()}${COURIER_SIMULATOR_PREFIX}/tracking/${encodeURIComponent(awb)}`,
      simulated: true,
    }),
    simulator: createCourierSimulatorEngine(db, sender, simulator, s.simulatorStepMinutes),
  };
}
