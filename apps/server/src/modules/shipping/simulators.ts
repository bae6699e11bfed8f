import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { SimulatorControl } from "../../http/simulator-control";
import { carrierSimulatorPrefix, type CarrierSimulator } from "./registry";

/**
 * Each carrier that runs on its simulator (the gateway's `simulators`: no keys, simulators allowed) has its
 * simulator's API served on our own origin under `/sim/<name>`; none in production unless SIMULATOR=1.
 */
export const carrierSimulatorsPlugin = fp<{
  simulators: ReadonlyMap<string, CarrierSimulator>;
  control: SimulatorControl;
}>(
  async (app: FastifyInstance, { simulators, control }) => {
    for (const [name, simulator] of simulators) {
      // Webhooks under way are answered while the server still accepts them and the database is open.
      app.addHook("preClose", () => simulator.settled());
      await app.register(simulator.routes, { prefix: carrierSimulatorPrefix(name), control });
    }
  },
  { name: "carrier-simulators" },
);
