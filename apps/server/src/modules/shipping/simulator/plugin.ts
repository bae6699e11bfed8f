import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { SimulatorControl } from "../../../http/simulator-control";
import { COURIER_SIMULATOR_PREFIX, type CourierSimulatorCredentials } from "./credentials";
import type { CourierSimulatorEngine } from "./engine";
import { shiprocketSimulator } from "./shiprocket-sim";

/**
 * The simulated courier on our own origin (`/sim/shiprocket/...`), mounted only when no Shiprocket account
 * is configured and the simulator is allowed (never in production unless SIMULATOR=1; see gateway.ts).
 */
export const courierSimulatorPlugin = fp<{
  engine: CourierSimulatorEngine;
  credentials: CourierSimulatorCredentials;
  control: SimulatorControl;
}>(
  async (app: FastifyInstance, { engine, credentials, control }) => {
    // Webhooks under way are answered while the server still accepts them and the database is open.
    app.addHook("preClose", () => engine.settled());
    await app.register(shiprocketSimulator, {
      prefix: COURIER_SIMULATOR_PREFIX,
      db: app.database.db,
      engine,
      credentials,
      control,
      pickupPincode: app.config.shipping.pickupPincode,
      baseUrl: () => `${app.config.publicUrl.replace(/\/+$/, "")}${COURIER_SIMULATOR_PREFIX}`,
    });
  },
  { name: "courier-simulator" },
);
