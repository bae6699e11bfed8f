import { createDhlExpress } from "./dhl";
import type { CarrierPlugin } from "./registry";
import { createDhlSimulator, dhlSimulatorCredentials } from "./simulator/dhl-sim";
import { createCourierWebhookSender } from "./simulator/webhooks";

/**
 * DHL Express through its MyDHL API, the international courier (decision 082): real when its API user and
 * account are configured (`DHL_API_KEY`, `DHL_API_SECRET`, `DHL_ACCOUNT_NUMBER`), else its simulator on our own
 * origin under /sim/dhl-express when simulators are allowed (never in production unless SIMULATOR=1), else none.
 */
export const dhlExpressCarrier: CarrierPlugin = {
  name: "dhl-express",
  title: "DHL Express",
  keys: "DHL_API_KEY, DHL_API_SECRET and DHL_ACCOUNT_NUMBER",
  apiHost: (config) => config.dhl.baseUrl,
  real({ dhl }) {
    if (!dhl.apiKey || !dhl.apiSecret || !dhl.accountNumber) return null;
    return createDhlExpress({
      apiKey: dhl.apiKey,
      apiSecret: dhl.apiSecret,
      accountNumber: dhl.accountNumber,
      pushToken: dhl.pushToken,
      baseUrl: () => dhl.baseUrl,
      trackingUrl: (awb) =>
        `https://www.dhl.com/in-en/home/tracking/tracking-express.html?tracking-id=${encodeURIComponent(awb)}`,
      simulated: false,
    });
  },
  simulated({ config, db, log, secret, baseUrl, webhookUrl }) {
    const credentials = dhlSimulatorCredentials(secret);
    const sender = createCourierWebhookSender(webhookUrl, log);
    const provider = createDhlExpress({
      ...credentials,
      baseUrl,
      trackingUrl: (awb) => `${baseUrl()}/tracking/${encodeURIComponent(awb)}`,
      simulated: true,
    });
    return {
      provider,
      simulator: createDhlSimulator(db, sender, credentials, config.shipping.simulatorStepMinutes),
    };
  },
};
