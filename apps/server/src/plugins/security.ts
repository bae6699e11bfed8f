import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { contentSecurityPolicy, type HelmetOptions } from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppConfig } from "../config";

/**
 * Security headers, the same on every answer (API, media, the payment simulator's scripts): scripts only
 * from our own origin, never inline. Pages replace the policy with one that also names their nonce
 * (pagePolicy below). `providers`: the origins the real payment providers' checkouts load from, frame and
 * talk to (the payments registry names them, for the providers whose keys are configured).
 */
export function securityHeaders(config: AppConfig, providers: readonly string[] = []): HelmetOptions {
  const dev = config.env === "development";
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...providers],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: [...(dev ? ["'self'", "ws:", "wss:"] : ["'self'"]), ...providers],
        frameSrc: providers.length > 0 ? [...providers] : ["'none'"],
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
  async (app: FastifyInstance, { config, providers }: { config: AppConfig; providers: readonly string[] }) => {
    const setHeaders = helmet(securityHeaders(config, providers));
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
  providers: readonly string[] = [],
): (request: IncomingMessage, response: ServerResponse, sources: string) => void {
  const common = securityHeaders(config, providers).contentSecurityPolicy as { directives: Record<string, unknown> };
  const scriptSrc = [
    "'self'",
    (_: IncomingMessage, response: ServerResponse) => scriptSources.get(response) ?? "",
    ...providers,
  ];
  const setPolicy = contentSecurityPolicy({ directives: { ...common.directives, scriptSrc } });
  return (request, response, sources) => {
    scriptSources.set(response, sources);
    setPolicy(request, response, (error) => {
      if (error) throw error;
    });
  };
}
