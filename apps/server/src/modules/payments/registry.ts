import type { FastifyPluginAsync } from "fastify";
import { PAYMENT_METHOD_NAME, type Currency } from "@store/shared";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import type { PaymentProvider } from "./provider";
import type { SimulatorCredentials } from "./simulator/credentials";
import type { Outages } from "./simulator/outages";
import type { WebhookSender } from "./simulator/webhooks";

/** What a provider's simulator is mounted with (under `/sim/<name>`). */
export interface SimulatorOptions {
  db: Db;
  sender: WebhookSender;
  outages: Outages;
  credentials: SimulatorCredentials;
}

/**
 * Everything the store knows about one payment provider, declared once in its adapter file and registered
 * in `providers.ts` (decision 065). The rest of the store reads providers only through this: the gateway
 * (real, simulated or absent), the webhook route, the CSP's origins, the storefront's offer, the simulator.
 */
export interface OnlineProviderPlugin {
  /** Paid in the browser through the provider's widget (or its simulator). */
  readonly kind: "online";
  /** Stored in `payments.provider` and `orders.payment_method`, sent as `payment_method`; lower case. */
  readonly name: string;
  /** The company's name, as the startup summary prints it. */
  readonly title: string;
  /** What the storefront offers: the choice's title and line, and the currencies it takes. */
  readonly offer: { label: string; detail: string; currencies: readonly Currency[] };
  /** Where its real browser widget loads scripts and frames from and talks to; allowed only when it is real. */
  readonly widgetOrigins: readonly string[];
  /** Host of its real API, for the startup summary. */
  apiHost(config: AppConfig): string;
  /** The real provider when its keys are configured, else null. */
  real(config: AppConfig): PaymentProvider | null;
  /** The provider pointed at its simulator on our own origin (`baseUrl`, read per call). */
  simulated(credentials: SimulatorCredentials, baseUrl: () => string): PaymentProvider;
  /** The real widget's script for the checkout page. */
  widgetScript(provider: PaymentProvider): string;
  readonly simulator: {
    /** Its API and the endpoints its widget calls. */
    routes: FastifyPluginAsync<SimulatorOptions>;
    /** Its browser widget, served at `/sim/<name>/<path>`. */
    widget: { path: string; source: () => string };
  };
}

/**
 * A provider the buyer pays outside the store (a bank transfer, decision 098): no widget, no simulator, no
 * keys. The order waits for the seller to record the money; the checkout offers it only to whom the store allows.
 */
export interface OfflineProviderPlugin {
  readonly kind: "offline";
  readonly name: string;
  readonly title: string;
  readonly offer: { label: string; detail: string; currencies: readonly Currency[] };
}

export type PaymentProviderPlugin = OnlineProviderPlugin | OfflineProviderPlugin;

/** Every provider's webhook arrives here, signature-checked by its adapter. */
export const webhookPath = (name: string) => `/api/webhooks/${name}`;

/** A registration list checked once: names are unique and fit the column and the payload. */
export function checkedProviders(plugins: readonly PaymentProviderPlugin[]): readonly PaymentProviderPlugin[] {
  const seen = new Set<string>();
  for (const { name } of plugins) {
    if (!PAYMENT_METHOD_NAME.test(name) || name === "cod")
      throw new Error(`payment provider name "${name}" must be 2-32 lower-case letters, digits or _, and not cod`);
    if (seen.has(name)) throw new Error(`payment provider "${name}" is registered twice`);
    seen.add(name);
  }
  return plugins;
}

/** The providers paid through a widget, which have a gateway entry and a simulator. */
export const onlinePlugins = (plugins: readonly PaymentProviderPlugin[]): OnlineProviderPlugin[] =>
  plugins.filter((plugin): plugin is OnlineProviderPlugin => plugin.kind === "online");
