import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { contentSecurityPolicy, type HelmetOptions } from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppConfig } from "../config";

/** The origins each real provider's browser checkout loads from, frames and talks to. */
const RAZORPAY_ORIGINS = ["https://checkout.razorpay.com", "https://api.razorpay.com"];
const PAYPAL_ORIGINS = [
  "https://www.paypal.com",
  "https://www.sandbox.paypal.com",
  "https://*.paypal.com",
  "https://*.paypalobjects.com",
];

function providerOrigins(config: AppConfig): string[] {
  return [...(config.razorpay.keyId ? RAZORPAY_ORIGINS : []), ...(config.paypal.clientId ? PAYPAL_ORIGINS : [])];
}

/**
 * Security headers, the same on every answer (API, media, the payment simulator's scripts): scripts only
 * from our own origin, never inline. Pages replace the policy with one that also names their nonce
 * (pagePolicy below). A real provider's checkout origins are allowed only when its keys are configured.
 */
export function securityHeaders(config: AppConfig): HelmetOptions {
  const dev = config.env === "development";
  const providers = providerOrigins(config);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...providers],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: [...(dev ? ["'self'", "ws:", "wss:"] : ["'self'"]), ...providers],
        frameSrc: providers.length > 0 ? providers : ["'none'"],
        fontSrc: ["'self'", "data:"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The dev server and the simulator's widget load same-origin only; no cross-origin isolation needed.
    crossOriginEmbedderPolicy: false,
    hsts: config.env === "production",
  };
}

/**
 * helmet's headers on every answer (API, media, pages). The middleware is built once: building it parses
 * the policy into the header's text, which @fastify/helmet did again on every request.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    const setHeaders = helmet(securityHeaders(config));
    app.addHook("onRequest", (request, reply, done) =>
      setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
    );
  },
  { name: "security-headers" },
);

const scriptSources = new WeakMap<ServerResponse, string>();

/**
 * A page's policy: the common one, with the page's own script sources in script-src (a fresh render's
 * nonce, or a kept page's inline script hashes), so the inline scripts React Router writes (hydration data,
 * the module entry) run and no injected one does. Built once; per page only those sources change. Sets the
 * header on `response`, replacing the common one.
 */
export function pagePolicy(
  config: AppConfig,
): (request: IncomingMessage, response: ServerResponse, sources: string) => void {
  const common = securityHeaders(config).contentSecurityPolicy as { directives: Record<string, unknown> };
  const scriptSrc = [
    "'self'",
    (_: IncomingMessage, response: ServerResponse) => scriptSources.get(response) ?? "",
    ...providerOrigins(config),
  ];
  const setPolicy = contentSecurityPolicy({ directives: { ...common.directives, scriptSrc } });
  return (request, response, sources) => {
    scriptSources.set(response, sources);
    setPolicy(request, response, (error) => {
      if (error) throw error;
    });
  };
}
