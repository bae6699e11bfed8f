import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { repoRoot } from "../config";
import { pagePolicy } from "./security";

/** "build": serve apps/web/build (production, tests); "vite": Vite middleware with hot reload (npm run dev). */
export type SsrMode = "build" | "vite" | "none";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Every non-API GET is a page: React Router renders it, streamed, with the services, the request's logger
 * and a fresh CSP nonce as its load context.
 */
export const ssrPlugin = fp<{ mode: Exclude<SsrMode, "none"> }>(async (app, { mode }) => {
  const getBuild = mode === "vite" ? await viteBuildLoader(app) : await productionBuild(app);
  const handle = createRequestHandler(getBuild, mode === "vite" ? "development" : "production");
  const setPagePolicy = pagePolicy(app.config);

  app.get(
    "/*",
    { config: { rateLimit: { max: app.config.rateLimitMax * 2, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const path = request.url.split("?")[0] ?? "/";
      if (path.startsWith("/api/") || path.startsWith("/media/")) return reply.callNotFound();
      const nonce = randomBytes(16).toString("base64");
      setPagePolicy(request.raw, reply.raw, nonce);
      const response = await handle(toWebRequest(request, reply), {
        services: app.services,
        config: app.config,
        log: request.log,
        nonce,
      });
      // Prices on a page follow the shopper's currency cookie: a shared cache must key on it. A page's
      // nonce is good for one answer only, so no shared cache may keep it, and the browser asks again.
      reply.header("Vary", "Cookie");
      reply.header("Cache-Control", "private, no-cache");
      return sendWebResponse(reply, response);
    },
  );
});

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

function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}
