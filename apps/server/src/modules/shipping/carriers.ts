import type { CarrierName } from "@store/shared";
import type { CarrierSetup } from "./carrier-setup";
import { shiprocketCarrier } from "./shiprocket-carrier";

/**
 * Every carrier the shop can book, by the name shipping methods give (packages/shared's shipping-methods.ts).
 * A new carrier is its adapter (a `ShippingProvider` and its setup), its simulator and one line here.
 */
export const CARRIER_SETUPS: Record<CarrierName, CarrierSetup> = {
  shiprocket: shiprocketCarrier,
};
