import type { FastifyPluginAsync } from "fastify";

/** Liveness says the process answers; readiness says it can also reach its database. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", { config: { rateLimit: false } }, async () => ({ status: "ok" }));
  app.get("/readyz", { config: { rateLimit: false } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { status: "ready" };
    } catch (err) {
      request.log.error({ err }, "database not reachable");
      return reply.status(503).send({ message: "The database is not reachable.", code: "NOT_READY", errors: [] });
    }
  });
};
