import type { AppConfig } from "./config";
import type { PaymentGateway } from "./modules/payments/gateway";
import { SHIPPING_CARRIERS } from "./modules/shipping/carriers";
import { carrierSimulatorPrefix, type CarrierPlugin } from "./modules/shipping/registry";

export interface ModeFacts {
  config: AppConfig;
  database: { kind: "postgres" | "pglite"; location: string };
  /** When the demo catalogue was loaded into this database, if ever (seed/first-start.ts). */
  demoSeededAt: string | null;
  gateway: PaymentGateway;
  /** The registered carriers (the shipping gateway's `plugins`). */
  carriers?: readonly CarrierPlugin[];
}

export interface ModeSummary {
  /** A demo: demo data or simulated payments; nobody should take it for a live shop. */
  demo: boolean;
  lines: string[];
}

/**
 * What `npm start` says about the mode it runs in, so nobody takes a demo for a live shop (or a shop
 * whose e-mails go nowhere for a working one). Credentials never appear: only hosts and folders.
 */
export function describeMode({
  config,
  database,
  demoSeededAt,
  gateway,
  carriers = SHIPPING_CARRIERS.plugins,
}: ModeFacts): ModeSummary {
  const simulated = gateway.usesSimulator;
  const demo = demoSeededAt !== null || simulated;

  const payments = gateway.plugins.map((plugin) => {
    if (plugin.kind === "offline") return `${plugin.title} recorded by the seller (when switched on)`;
    const provider = gateway.provider(plugin.name);
    return !provider
      ? `${plugin.title} off (no keys: online payment is refused)`
      : provider.simulated
        ? `${plugin.title} SIMULATED (built-in simulator; orders are test orders, no money moves)`
        : `${plugin.title} real (${hostOf(plugin.apiHost(config))})`;
  });

  const headline = demo
    ? `DEMO SHOP (${config.env}): ${[demoSeededAt !== null && "demo data", simulated && "simulated payments"].filter(Boolean).join(", ")}. Not for real orders.`
    : `LIVE SHOP (${config.env}): real payments, no demo data.`;
  return {
    demo,
    lines: [
      headline,
      `catalogue: ${demoSeededAt !== null ? `demo data (seeded ${demoSeededAt.slice(0, 10)})` : "the shop's own (no demo data loaded)"}`,
      `payments:  ${payments.join("; ")}`,
      `e-mails:   ${config.smtpUrl ? `sent through SMTP at ${hostOf(config.smtpUrl)}` : "written to the log only, nobody receives them (set SMTP_URL to send)"}`,
      `whatsapp:  ${whatsappMode(config)}`,
      `shipping:  ${shippingMode(config, carriers)}`,
      `database:  ${database.kind === "pglite" ? `embedded PGlite in ${database.location} (one process only)` : `PostgreSQL at ${database.location}`}`,
      `media:     ${config.mediaS3 ? `S3 bucket ${config.mediaS3.bucket}${config.mediaS3.endpoint ? ` at ${hostOf(config.mediaS3.endpoint)}` : ""}` : `the folder ${config.mediaDir}`}`,
      `replicas:  ${config.redisUrl ? `rate limits and catalogue changes shared through Redis at ${hostOf(config.redisUrl)}` : "one process (set REDIS_URL to run several replicas)"}`,
    ],
  };
}

/** The same choice as whatsapp/setup.ts: the Cloud API with keys, else the simulator where allowed, else the log. */
function whatsappMode(config: AppConfig): string {
  const { whatsapp } = config;
  if (whatsapp.token && whatsapp.phoneNumberId) return `sent through the Cloud API at ${hostOf(whatsapp.baseUrl)}`;
  if (config.simulator) return "SIMULATED (built-in simulator at /sim/whatsapp; no phone receives them)";
  return "written to the log only (set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID to send)";
}

/**
 * The same choice as shipping/gateway.ts, per carrier: real with its keys, else its simulator where allowed,
 * else none. With several carriers, each line not naming one starts with its title.
 */
function shippingMode(config: AppConfig, carriers: readonly CarrierPlugin[]): string {
  const titled = (plugin: CarrierPlugin, text: string) => (carriers.length > 1 ? `${plugin.title}: ${text}` : text);
  const modes = carriers.map((plugin) => {
    if (plugin.real(config)) return `${plugin.title} real (${hostOf(plugin.apiHost(config))})`;
    if (config.simulator)
      return titled(
        plugin,
        `courier SIMULATED (built-in simulator at ${carrierSimulatorPrefix(plugin.name)}; no parcel moves)`,
      );
    return titled(plugin, `off (set ${plugin.keys} to book a courier; ship by hand meanwhile)`);
  });
  return modes.length > 0 ? modes.join("; ") : "off (no carrier is registered; ship by hand)";
}

/** host[:port] of a URL, never its user or password. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(unreadable address)";
  }
}
