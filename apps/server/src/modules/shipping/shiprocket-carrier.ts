import type { CarrierPlugin } from "./registry";
import { createShiprocket } from "./shiprocket";
import { courierSimulatorCredentials } from "./simulator/credentials";
import { createCourierSimulatorEngine } from "./simulator/engine";
import { shiprocketSimulator } from "./simulator/shiprocket-sim";
import { createCourierWebhookSender } from "./simulator/webhooks";

/**
 * Shiprocket, a courier aggregator within India: real when its API user is configured (`SHIPPING_EMAIL`,
 * `SHIPPING_PASSWORD`), else its simulator on our own origin when simulators are allowed, else none.
 */
export const shiprocketCarrier: CarrierPlugin = {
  name: "shiprocket",
  title: "Shiprocket",
  keys: "SHIPPING_EMAIL and SHIPPING_PASSWORD",
  apiHost: (config) => config.shipping.baseUrl,
  // Its dashboard has been pointed here since before carriers had a path each.
  webhookPath: "/api/shipping/webhook",
  real({ shipping: s }) {
    if (!s.email || !s.password) return null;
    return createShiprocket({
      email: s.email,
      password: s.password,
      webhookSecret: s.webhookSecret,
      baseUrl: () => s.baseUrl,
      trackingUrl: (awb) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,
      simulated: false,
    });
  },
  simulated({ config, db, log, secret, baseUrl, webhookUrl }) {
    const credentials = courierSimulatorCredentials(secret);
    const sender = createCourierWebhookSender(webhookUrl, log);
    const engine = createCourierSimulatorEngine(db, sender, credentials, config.shipping.simulatorStepMinutes);
    const provider = createShiprocket({
      ...credentials,
      baseUrl,
      trackingUrl: (awb) => `${baseUrl()}/tracking/${encodeURIComponent(awb)}`,
      simulated: true,
    });
    const pickupPincode = config.shipping.pickupPincode;
    return {
      provider,
      simulator: {
        ...engine,
        async routes(app, { control }) {
          await app.register(shiprocketSimulator, { db, engine, credentials, control, pickupPincode, baseUrl });
        },
      },
    };
  },
};
