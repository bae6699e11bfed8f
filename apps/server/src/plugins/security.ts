import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import type { AppConfig } from "../config";

/** The origins each real provider's browser checkout loads from, frames and talks to. */
const RAZORPAY_ORIGINS = ["https://checkout.razorpay.com", "https://api.razorpay.com"];
const PAYPAL_ORIGINS = ["https://www.paypal.com", "https://www.sandbox.paypal.com", "https://*.paypal.com", "https://*.paypalobjects.com"];

/**
 * Security headers. React Router hydrates with inline scripts, so scripts allow 'unsafe-inline' from our
 * own origin; everything else (API, media, pages, the payment simulator) is 'self'. A real provider's
 * checkout origins are allowed only when that provider's keys are configured.
 */
export function securityHeaders(config: AppConfig): HelmetOptions {
  const dev = config.env === "development";
  const providers = [
    ...(config.razorpay.keyId ? RAZORPAY_ORIGINS : []),
    ...(config.paypal.clientId ? PAYPAL_ORIGINS : []),
  ];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'", ...providers],
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
export const securityHeadersPlugin = fp(async (app: FastifyInstance, { config }: { config: AppConfig }) => {
  const setHeaders = helmet(securityHeaders(config));
  app.addHook("onRequest", (request, reply, done) => setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
}, { name: "security-headers" });
