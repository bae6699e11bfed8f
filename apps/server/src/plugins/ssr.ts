import fastifyStatic from "@fastify/static";
import { PAGE_CACHEABLE_HEADER, type CurrencyDecision } from "@store/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isbot } from "isbot";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { repoRoot } from "../config";
import type { ServiceLog } from "../log";
import { cdnCountryOf, decideCurrency } from "../modules/geo/currency-decision";
import { createPageCache, keptPage, mayKeep, preferredEncoding, type CachedPage } from "./page-cache";
import { pagePolicy } from "./security";

/** "build": serve apps/web/build (production, tests); "vite": Vite middleware with hot reload (npm run dev). */
export type SsrMode = "build" | "vite" | "none";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Every non-API GET is a page: React Router renders it, streamed, with the services, the request's logger,
 * a fresh CSP nonce and the currency decided for this request as its load context. Pages whose route says
 * they are the same for every visitor are kept rendered (page-cache.ts) and answered from there.
 */
export const ssrPlugin = fp<{ mode: Exclude<SsrMode, "none"> }>(async (app, { mode }) => {
  const getBuild = mode === "vite" ? await viteBuildLoader(app) : await productionBuild(app);
  const handle = createRequestHandler(getBuild, mode === "vite" ? "development" : "production");
  const setPagePolicy = pagePolicy(app.config, app.services.payments.gateway.widgetOrigins);
  const cache = app.config.pageCacheBytes > 0 ? createPageCache({ maxBytes: app.config.pageCacheBytes }) : null;
  const countryFor = (input: { ip: string | undefined; cdnCountry?: string }) => app.services.geo.countryFor(input);

  app.get(
    "/*",
    { config: { rateLimit: { max: app.config.rateLimitMax * 2, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const path = request.url.split("?")[0] ?? "/";
      if (path.startsWith("/api/") || path.startsWith("/media/")) return reply.callNotFound();
      // One decision per request, which every loader prices in, on full loads and .data requests alike.
      const cdnCountry = cdnCountryOf(request.headers, app.config.cdnCountryHeader);
      const currency = await decideCurrency(
        { cookie: request.headers.cookie, ip: request.ip, cdnCountry },
        countryFor,
        request.log,
      );
      // The product page's delivery promise abroad names the shopper's country (decision 080).
      const country = await countryFor({ ip: request.ip, cdnCountry }).catch(() => null);
      // The currency follows the cookie, else the client's country: no shared cache may keep a page, nor
      // may it, since a fresh render's nonce is good for one answer only; the browser asks again.
      reply.header("Vary", "Cookie");
      reply.header("Cache-Control", "private, no-cache");

      const key =
        cache && request.method === "GET" && !path.endsWith(".data") ? pageKey(request, currency, country) : null;
      const kept = key === null ? undefined : cache?.get(key);
      if (kept) {
        setPagePolicy(request.raw, reply.raw, kept.scriptSources);
        return sendKept(request, reply, kept);
      }
      const nonce = randomBytes(16).toString("base64");
      setPagePolicy(request.raw, reply.raw, `'nonce-${nonce}'`);

      const renderedIn = cache?.generation();
      const failures = { count: 0 };
      const response = await handle(toWebRequest(request, reply), {
        services: app.services,
        config: app.config,
        log: countingFailures(request.log, failures),
        nonce,
        currency,
        country,
      });
      if (key === null || renderedIn === undefined || !cache || !mayKeep(response)) {
        return sendWebResponse(reply, response);
      }
      reply.header("x-page-cache", "miss");
      return sendWebResponse(reply, response, (html) => {
        // A page whose render logged a failure (a section that could not load, a stream cut short) is not kept.
        if (failures.count === 0) cache.set(key, keptPage(response, html), renderedIn);
      });
    },
  );
});

/**
 * What changes a cacheable page's HTML besides its URL (with its query): the decided currency, a USD shopper's
 * country (the product page's delivery promise), whether the browser is to ask for the position, and whether a
 * crawler asks (it gets the page whole, not streamed).
 * Nothing else a page's loaders read comes from the request: sessions, carts and wishlists live in the browser.
 */
function pageKey(request: FastifyRequest, { currency, askLocation }: CurrencyDecision, country: string | null): string {
  const agent = request.headers["user-agent"];
  const crawler = agent !== undefined && isbot(agent);
  // A shopper abroad reads the delivery promise to their own country; India's pages are one for all.
  const where = currency === "USD" ? (country ?? "-") : "";
  return `${currency}|${where}|${askLocation ? "ask" : "known"}|${crawler ? "bot" : "browser"}|${request.url}`;
}

/** The loaders' logger, counting the failures they log (the page then is not kept). */
function countingFailures(log: ServiceLog, failures: { count: number }): ServiceLog {
  return {
    info: (details, message) => log.info(details, message),
    warn: (details, message) => log.warn(details, message),
    error: (details, message) => {
      failures.count += 1;
      log.error(details, message);
    },
  };
}

/** The kept bytes, already compressed when the browser takes brotli or gzip and the copy is made. */
function sendKept(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.status(200);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header("x-page-cache", "hit");
  reply.header("Vary", "Cookie, Accept-Encoding");
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  const encoded = encoding ? page.encoded[encoding] : undefined;
  if (!encoding || !encoded) return reply.send(page.html);
  reply.header("Content-Encoding", encoding);
  return reply.send(encoded);
}

async function productionBuild(app: FastifyInstance): Promise<ServerBuild> {
  const buildDir = app.config.webBuildDir;
  const serverEntry = join(buildDir, "server/index.js");
  if (!existsSync(serverEntry)) throw new Error(`No web build at ${serverEntry}: run "npm run build" first.`);
  await app.register(fastifyStatic, {
    root: join(buildDir, "client"),
    prefix: "/",
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its scripts and styles (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header("Cache-Control", filePath.includes("/assets/") ? IMMUTABLE : "public, max-age=3600");
    },
  });
  return (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
}

/**
 * Vite and middie are development dependencies, absent from a production install (npm prune --omit=dev),
 * so they are imported here, when development mode asks for them, never at the top of the file.
 */
async function viteBuildLoader(app: FastifyInstance): Promise<() => Promise<ServerBuild>> {
  const { createServer } = await import("vite");
  const { default: middie } = await import("@fastify/middie");
  const vite = await createServer({
    root: join(repoRoot, "apps/web"),
    server: { middlewareMode: true },
    appType: "custom",
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook("onClose", () => vite.close());
  return () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  // Stop rendering when the shopper goes away before the page is done.
  const controller = new AbortController();
  reply.raw.on("close", () => !reply.raw.writableFinished && controller.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

/** Streams the page out; with `keep`, also collects it and hands it over once it has been sent whole. */
function sendWebResponse(reply: FastifyReply, response: Response, keep?: (html: string) => void): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie" && name !== PAGE_CACHEABLE_HEADER) reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  if (!keep) return reply.send(body);
  const chunks: Buffer[] = [];
  const collect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
    // Only a body that ended: a shopper who left (the render aborted) or a failed stream never gets here.
    flush(callback) {
      keep(Buffer.concat(chunks).toString("utf8"));
      callback();
    },
  });
  body.on("error", (error) => collect.destroy(error));
  return reply.send(body.pipe(collect));
}
