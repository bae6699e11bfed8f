import {
  CARRIERS,
  DEFAULT_SHIPPING_METHOD,
  isCarrierName,
  isShippingMethodCode,
  shippingMethod,
  type CarrierName,
} from "@store/shared";
import type { AppConfig } from "../../config";
import type { ServiceLog } from "../../log";
import type { CarrierContext } from "./carrier-setup";
import { CARRIER_SETUPS } from "./carriers";
import type { ShippingProvider } from "./provider";
import type { CourierSimulatorCredentials } from "./simulator/credentials";
import type { CourierSimulatorEngine } from "./simulator/engine";

export interface ShippingGateway {
  /** The carriers configured here, by name; none in production without keys (no shipping). */
  carriers: ReadonlyMap<CarrierName, ShippingProvider>;
  /** The carrier that books a shipping method's parcels, or null: the method has none, or it is not configured. */
  carrierFor(method: string): ShippingProvider | null;
  /** The carrier a shipment row names (`shipments.provider`), for its label, pickup, recall and tracking. */
  carrierNamed(name: string): ShippingProvider | null;
  /** The spec's standard shipping's carrier: the delivery promise's serviceability, returns and exchanges. */
  provider: ShippingProvider | null;
  /** Present when the standard carrier is the built-in courier simulator: its clock and test controls. */
  simulator: CourierSimulatorEngine | null;
}

/** Every registered carrier (carriers.ts) that is configured here, real or simulated. */
export function createShippingGateway(
  config: AppConfig,
  db: CarrierContext["db"],
  log: ServiceLog,
  simulator?: CourierSimulatorCredentials,
): ShippingGateway {
  const context: CarrierContext = { config, db, log, simulator, origin: () => config.publicUrl.replace(/\/+$/, "") };
  const connections = CARRIERS.flatMap((name) => {
    const connection = CARRIER_SETUPS[name](context);
    return connection ? [[name, connection] as const] : [];
  });
  const carriers = new Map(connections.map(([name, c]) => [name, c.provider]));
  const carrierNamed = (name: string) => (isCarrierName(name) ? (carriers.get(name) ?? null) : null);
  const carrierFor = (method: string) => {
    const carrier = isShippingMethodCode(method) ? shippingMethod(method).carrier : null;
    return carrier ? carrierNamed(carrier) : null;
  };
  const standard = shippingMethod(DEFAULT_SHIPPING_METHOD).carrier;
  const simulators = new Map(connections.map(([name, c]) => [name, c.simulator]));
  return {
    carriers,
    carrierFor,
    carrierNamed,
    provider: carrierFor(DEFAULT_SHIPPING_METHOD),
    simulator: standard ? (simulators.get(standard) ?? null) : null,
  };
}
