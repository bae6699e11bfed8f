import type { FastifyPluginAsync } from "fastify";
import { onlinePlugins, webhookPath } from "./registry";

/**
 * Provider webhooks, one route per registered provider. Signatures are computed over the exact bytes sent,
 * so in this plugin's scope (only here) JSON bodies stay raw strings; the service parses them after
 * checking the signature.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));

  for (const { name } of onlinePlugins(app.services.payments.gateway.plugins)) {
    // Not rate limited: providers deliver bursts from few addresses, and every delivery is signature-checked.
    app.post(
      webhookPath(name),
      { config: { rateLimit: false }, schema: { tags: ["payments"], summary: `${name} webhook` } },
      async (request) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const { duplicate } = await app.services.payments.webhook(name, request.headers, raw);
        return { received: true, duplicate };
      },
    );
  }
};
