import { createHmac } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import type { ShippingMethodCode } from "@store/shared";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { installSecret } from "../../db/install-settings";
import type { SimulatorControl } from "../../http/simulator-control";
import type { ServiceLog } from "../../log";
import type { ShippingProvider } from "./provider";

/**
 * What the store asks of any carrier's simulator, whatever its API looks like: the back office's buttons
 * move a parcel, the jobs' clock moves those left alone, tests and shutdown wait for its webhooks.
 */
export interface CarrierSimulator {
  /** One step on ("advance"), a failed delivery ("fail"), or handed over ("deliver"); undefined: no such parcel. */
  move(awb: string, action: "advance" | "fail" | "deliver"): Promise<{ ok: boolean } | undefined>;
  /** Its clock: parcels left alone `minutes` (its own pace unless told) move one step; answers how many. */
  tick(minutes?: number): Promise<number>;
  /** Its clock's pace in minutes; 0: parcels move only when told. */
  readonly stepMinutes: number;
  /** Answers once every webhook it has sent has been answered. */
  settled(): Promise<void>;
  /** Its HTTP API, mounted at `carrierSimulatorPrefix(name)` on our origin. */
  readonly routes: FastifyPluginAsync<{ control: SimulatorControl }>;
}

/** What a carrier is given to stand in on its simulator. */
export interface SimulatorContext {
  config: AppConfig;
  db: Db;
  log: ServiceLog;
  /** This install's secret for one of this carrier's purposes (its password, its webhook token...). */
  secret: (purpose: string) => string;
  /** Its simulator's address on our origin, read per call (tests learn the port only after listening). */
  baseUrl: () => string;
  /** Where its webhooks reach us (`carrierWebhookPath`), read per call. */
  webhookUrl: () => string;
}

/**
 * Everything the store knows about one carrier, declared once in its adapter file and registered in
 * `carriers.ts` (decision 072). The gateway, the webhook routes, the simulators' mounts, the jobs' clocks and
 * the startup summary read carriers only through this.
 */
export interface CarrierPlugin {
  /** Stored in `shipments.provider`, named by shipping methods (`carrier`) and in its webhook path. */
  readonly name: string;
  /** The company's name, as the startup summary prints it. */
  readonly title: string;
  /** The settings that make it real, as the startup summary tells the operator to set them. */
  readonly keys: string;
  /** Host of its real API, for the startup summary. */
  apiHost(config: AppConfig): string;
  /** Its webhooks' path when it is not `/api/shipping/webhook/<name>` (a dashboard configured before). */
  readonly webhookPath?: string;
  /** The real carrier when its keys are configured, else null. */
  real(config: AppConfig): ShippingProvider | null;
  /** The carrier pointed at its own simulator, with that simulator. */
  simulated(context: SimulatorContext): { provider: ShippingProvider; simulator: CarrierSimulator };
}

/** The carriers a store books with, and which carrier books each shipping method. */
export interface CarrierRegistry {
  readonly plugins: readonly CarrierPlugin[];
  /**
   * A method's carrier where it is not the one its row in packages/shared's `shipping-methods.ts` names (a
   * test points a method at a carrier registered only in its app).
   */
  readonly byMethod?: Partial<Record<ShippingMethodCode, string>>;
}

/** Where a carrier's tracking webhooks arrive. */
export const carrierWebhookPath = (plugin: CarrierPlugin) =>
  plugin.webhookPath ?? `/api/shipping/webhook/${plugin.name}`;

/** Where a carrier's simulator is served on our origin. */
export const carrierSimulatorPrefix = (name: string) => `/sim/${name}`;

const CARRIER_NAME = /^[a-z][a-z0-9-]{1,31}$/;

/** A registration list checked once: names are unique and fit a path segment. */
export function checkedCarriers(plugins: readonly CarrierPlugin[]): readonly CarrierPlugin[] {
  const seen = new Set<string>();
  for (const { name } of plugins) {
    if (!CARRIER_NAME.test(name))
      throw new Error(`carrier name "${name}" must be 2-32 lower-case letters, digits or -`);
    if (seen.has(name)) throw new Error(`carrier "${name}" is registered twice`);
    seen.add(name);
  }
  return plugins;
}

/**
 * This install's secrets for its carriers' simulators, one per purpose, derived from one random secret in the
 * database (every replica agrees, none reveals another): a published token would let anyone mark a parcel
 * delivered. The gateway hands each carrier the purposes under its own name.
 */
export type CarrierSimulatorSecrets = (purpose: string) => string;

export function carrierSimulatorSecrets(secret: string): CarrierSimulatorSecrets {
  return (purpose) => createHmac("sha256", secret).update(purpose).digest("base64url");
}

/** One carrier's share of them: its purposes under its own name. */
export const secretsOf =
  (secrets: CarrierSimulatorSecrets, carrier: string) =>
  (purpose: string): string =>
    secrets(`${carrier}.${purpose}`);

export async function loadCarrierSimulatorSecrets(db: Db): Promise<CarrierSimulatorSecrets> {
  return carrierSimulatorSecrets(await installSecret(db, "shipping_simulator_secret"));
}
