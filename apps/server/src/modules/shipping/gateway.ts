import {
  DEFAULT_SHIPPING_METHOD,
  isShippingMethodCode,
  SHIPPING_METHOD_CODES,
  shippingMethod,
  type ShippingMethodCode,
} from "@store/shared";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import type { ServiceLog } from "../../log";
import { SHIPPING_CARRIERS } from "./carriers";
import type { ShippingProvider } from "./provider";
import {
  carrierSimulatorPrefix,
  carrierWebhookPath,
  secretsOf,
  type CarrierPlugin,
  type CarrierRegistry,
  type CarrierSimulator,
  type CarrierSimulatorSecrets,
} from "./registry";

export interface ShippingGateway {
  /** Every registered carrier, configured here or not (the webhook routes, the startup summary). */
  plugins: readonly CarrierPlugin[];
  /** The carriers configured here, by name; none in production without keys (no shipping). */
  carriers: ReadonlyMap<string, ShippingProvider>;
  /** The carrier that books a shipping method's parcels, or null: the method has none, or it is not configured. */
  carrierFor(method: string): ShippingProvider | null;
  /** The carrier a shipment row names (`shipments.provider`), for its label, pickup, recall and tracking. */
  carrierNamed(name: string): ShippingProvider | null;
  /** The name is a registered carrier's (it may still be unconfigured). */
  knows(name: string): boolean;
  /** The spec's standard shipping's carrier: the delivery promise's serviceability, returns and exchanges. */
  provider: ShippingProvider | null;
  /** Every carrier running on its simulator, by name: app.ts mounts each, jobs.ts runs each one's clock. */
  simulators: ReadonlyMap<string, CarrierSimulator>;
  /** The standard carrier's simulator, when it runs on one. */
  simulator: CarrierSimulator | null;
}

/**
 * Every registered carrier (carriers.ts, or a test's own) that is configured here: real when its keys are
 * set, otherwise on its simulator when simulators are allowed (never in production unless SIMULATOR=1) and
 * `secrets` are given, otherwise absent. Refuses to start when a shipping method names an unregistered carrier.
 */
export function createShippingGateway(
  config: AppConfig,
  db: Db,
  log: ServiceLog,
  secrets?: CarrierSimulatorSecrets,
  { plugins, byMethod = {} }: CarrierRegistry = SHIPPING_CARRIERS,
): ShippingGateway {
  const names = new Set(plugins.map((p) => p.name));
  const carrierOfMethod = (code: ShippingMethodCode) => byMethod[code] ?? shippingMethod(code).carrier;
  for (const code of SHIPPING_METHOD_CODES) {
    const carrier = carrierOfMethod(code);
    if (carrier !== null && !names.has(carrier))
      throw new Error(`shipping method ${code} names carrier "${carrier}", which no adapter registers`);
  }

  const origin = () => config.publicUrl.replace(/\/+$/, "");
  type Connection = { name: string; provider: ShippingProvider; simulator: CarrierSimulator | null };
  const connections = plugins.flatMap((plugin): Connection[] => {
    const real = plugin.real(config);
    if (real) return [{ name: plugin.name, provider: real, simulator: null }];
    if (!config.simulator || !secrets) return [];
    const simulated = plugin.simulated({
      config,
      db,
      log,
      secret: secretsOf(secrets, plugin.name),
      baseUrl: () => `${origin()}${carrierSimulatorPrefix(plugin.name)}`,
      webhookUrl: () => `${origin()}${carrierWebhookPath(plugin)}`,
    });
    return [{ name: plugin.name, ...simulated }];
  });
  const carriers = new Map(connections.map((c) => [c.name, c.provider]));
  const simulators = new Map(connections.flatMap((c) => (c.simulator ? [[c.name, c.simulator] as const] : [])));
  const carrierNamed = (name: string) => carriers.get(name) ?? null;
  const carrierFor = (method: string) => {
    const carrier = isShippingMethodCode(method) ? carrierOfMethod(method) : null;
    return carrier ? carrierNamed(carrier) : null;
  };
  const standard = carrierOfMethod(DEFAULT_SHIPPING_METHOD);
  return {
    plugins,
    carriers,
    carrierFor,
    carrierNamed,
    knows: (name) => names.has(name),
    provider: carrierFor(DEFAULT_SHIPPING_METHOD),
    simulators,
    simulator: standard ? (simulators.get(standard) ?? null) : null,
  };
}
