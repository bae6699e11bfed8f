import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { AppConfig } from "../config";

/**
 * Security headers. React Router hydrates with inline scripts, so scripts allow 'unsafe-inline' from
 * our own origin only; everything (API, media, pages, the payment simulator) is served from 'self'.
 */
export function securityHeaders(config: AppConfig): FastifyHelmetOptions {
  const dev = config.env === "development";
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
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
