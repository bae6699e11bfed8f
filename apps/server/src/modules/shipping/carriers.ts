import { dhlExpressCarrier } from "./dhl-carrier";
import { checkedCarriers, type CarrierRegistry } from "./registry";
import { shiprocketCarrier } from "./shiprocket-carrier";

/**
 * The carriers this store books with. Adding one is its adapter file (declaring a `CarrierPlugin`), its
 * simulator and one line here (decision 072); the shipping methods name theirs in packages/shared.
 */
export const SHIPPING_CARRIERS: CarrierRegistry = { plugins: checkedCarriers([shiprocketCarrier, dhlExpressCarrier]) };
