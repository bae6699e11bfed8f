import type { CarrierSetup } from "./carrier-setup";
import { createShiprocket } from "./shiprocket";
import { COURIER_SIMULATOR_PREFIX } from "./simulator/credentials";
import { createCourierSimulatorEngine } from "./simulator/engine";
import { createCourierWebhookSender } from "./simulator/webhooks";

/**
 * Shiprocket when its API user is configured; otherwise its simulator on our own origin when the simulator
 * is allowed (never in production unless SIMULATOR=1); otherwise none.
 */
export const shiprocketCarrier: CarrierSetup = ({ config, db, log, simulator, origin }) => {
  const s = config.shipping;
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
  if (!config.simulator || !simulator) return null;
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
};
