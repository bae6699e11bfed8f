import type { FastifyPluginAsync } from "fastify";
import type { ProviderName } from "./provider";

/**
 * Provider webhooks. Signatures are computed over the exact bytes sent, so in this plugin's scope (only
 * here) JSON bodies stay raw strings; the service parses them after checking the signature.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));

  for (const provider of ["razorpay", "paypal"] as const satisfies readonly ProviderName[]) {
    // Not rate limited: providers deliver bursts from few addresses, and every delivery is signature-checked.
    app.post(
      `/api/webhooks/${provider}`,
      { config: { rateLimit: false }, schema: { tags: ["payments"], summary: `${provider} webhook` } },
      async (request) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const outcome = await app.services.payments.webhook(provider, request.headers, raw);
        if (!outcome.ok) throw outcome.refusal;
        return { received: true, duplicate: outcome.duplicate };
      },
    );
  }
};
