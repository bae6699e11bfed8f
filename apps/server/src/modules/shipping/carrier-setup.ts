import type { AppConfig } from "../../config";
import type { ServiceLog } from "../../log";
import type { ShippingProvider } from "./provider";
import type { CourierSimulatorCredentials } from "./simulator/credentials";
import type { createCourierSimulatorEngine, CourierSimulatorEngine } from "./simulator/engine";

/** What a carrier's setup is given: the configuration, and what its simulator needs when it stands in. */
export interface CarrierContext {
  config: AppConfig;
  db: Parameters<typeof createCourierSimulatorEngine>[0];
  log: ServiceLog;
  /** This install's simulator credentials; absent when simulators are not allowed. */
  simulator?: CourierSimulatorCredentials;
  /** Our own origin, read per call (tests learn it only after listening on port 0). */
  origin: () => string;
}

/** A carrier as configured here: its adapter, and its simulator's engine when the simulator stands in. */
export interface CarrierConnection {
  provider: ShippingProvider;
  simulator: CourierSimulatorEngine | null;
}

/** Builds one carrier from the configuration: its real account, its simulator, or null (neither). */
export type CarrierSetup = (context: CarrierContext) => CarrierConnection | null;
