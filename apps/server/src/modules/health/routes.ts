import type { FastifyPluginAsync } from "fastify";
import { databaseUnavailable } from "../../db/errors";

/**
 * Liveness says the process answers; readiness says the database can serve now: it answers within the
 * acquire timeout and its core tables can be read (see Database.ping), and the process is not shutting down.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", { config: { rateLimit: false } }, async () => ({ status: "ok" }));
  app.get("/readyz", { config: { rateLimit: false } }, async (request, reply) => {
    if (app.lifecycle.draining)
      return reply.status(503).send({ message: "This replica is shutting down.", code: "NOT_READY", errors: [] });
    try {
      await app.database.ping();
      return { status: "ready" };
    } catch (err) {
      request.log.error({ err }, "not ready: the database cannot serve");
      const busy = databaseUnavailable(err);
      if (busy?.retryAfterSeconds) reply.header("retry-after", busy.retryAfterSeconds);
      const message = busy ? busy.message : "The database cannot serve: its tables could not be read.";
      return reply.status(503).send({ message, code: "NOT_READY", errors: [] });
    }
  });
};
