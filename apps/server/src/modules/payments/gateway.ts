import type { AppConfig } from "../../config";
import type { PaymentProvider, ProviderName } from "./provider";
import { PAYMENT_PROVIDERS } from "./providers";
import { onlinePlugins, type PaymentProviderPlugin } from "./registry";
import { SIMULATOR_PREFIX, type SimulatorCredentials } from "./simulator/credentials";

export interface PaymentGateway {
  /** The online provider to charge through, or null: offline, unknown, or no keys and no simulator (production). */
  provider(name: ProviderName): PaymentProvider | null;
  /** The name is a registered provider's (it may still be unconfigured). */
  knows(name: string): boolean;
  /** The name is an offline provider's (a bank transfer): no provider to call, the seller records the money. */
  offline(name: string): boolean;
  /** Every registered provider, in the order the checkout offers them. */
  readonly plugins: readonly PaymentProviderPlugin[];
  /** Some provider runs on the simulator, so its endpoints and widgets must be served. */
  readonly usesSimulator: boolean;
  /** The origins of the real providers' widgets, for the CSP. */
  readonly widgetOrigins: readonly string[];
}

/**
 * Each provider is real when its keys are configured, otherwise simulated when the simulator is allowed
 * (never in production unless SIMULATOR=1), otherwise absent. The simulator lives on our own origin, and
 * its address is read per call because tests learn it only after listening on port 0. `simulator` holds
 * this install's simulator credentials; without them nothing is simulated. `plugins`: the registered
 * providers (a test adds its own).
 */
export function createPaymentGateway(
  config: AppConfig,
  simulator?: SimulatorCredentials,
  plugins: readonly PaymentProviderPlugin[] = PAYMENT_PROVIDERS,
): PaymentGateway {
  const simulatorUrl = (name: ProviderName) => () =>
    `${config.publicUrl.replace(/\/+$/, "")}${SIMULATOR_PREFIX}/${name}`;
  const online = onlinePlugins(plugins);
  const providers = new Map<string, PaymentProvider | null>(
    online.map((plugin) => [
      plugin.name,
      plugin.real(config) ??
        (config.simulator && simulator ? plugin.simulated(simulator, simulatorUrl(plugin.name)) : null),
    ]),
  );
  const live = [...providers.values()].filter((provider) => provider !== null);

  return {
    provider: (name) => providers.get(name) ?? null,
    knows: (name) => plugins.some((plugin) => plugin.name === name),
    offline: (name) => plugins.some((plugin) => plugin.name === name && plugin.kind === "offline"),
    plugins,
    usesSimulator: live.some((provider) => provider.simulated),
    widgetOrigins: online.flatMap((plugin) =>
      providers.get(plugin.name)?.simulated === false ? plugin.widgetOrigins : [],
    ),
  };
}
