import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { mkdirSync } from "node:fs";
import { AppError } from "../errors";
import { checkedMediaKey, MEDIA_URL_PREFIX } from "./keys";
import { MEDIA_CACHE_CONTROL } from "./s3-store";
import type { MediaStore } from "./storage";

/** A date header, or undefined when it is absent or unreadable (then it is ignored, as RFC 9110 says). */
function dateHeader(value: string | undefined): Date | undefined {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/**
 * `/media/*` from the media store, at the same addresses whichever store it is. A missing picture goes to
 * the not-found handler (plugins/errors.ts: a copy never rendered is sent to its original, else a JSON 404).
 * The local folder is served by @fastify/static as before (ranges, validators, no extra code on the hot
 * path); a bucket is streamed through this process, so the bucket stays private (decision 029).
 */
export async function mediaRoutes(app: FastifyInstance, { store }: { store: MediaStore }): Promise<void> {
  if (store.kind === "local") {
    mkdirSync(store.location, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.location,
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      maxAge: "7d",
      index: false,
    });
    return;
  }

  app.get<{ Params: { "*": string } }>(`${MEDIA_URL_PREFIX}*`, async (request, reply) => {
    const key = checkedMediaKey(request.params["*"]);
    if (!key) return reply.callNotFound();
    const ifNoneMatch = request.headers["if-none-match"];
    let found;
    try {
      found = await store.get(key, { ifNoneMatch, ifModifiedSince: dateHeader(request.headers["if-modified-since"]) });
    } catch (error) {
      request.log.warn({ err: error, key }, "the media store did not answer");
      throw new AppError(
        "unavailable",
        "Pictures cannot be fetched right now. Please try again.",
        "MEDIA_UNAVAILABLE",
        undefined,
        5,
      );
    }
    if (found === null) return reply.callNotFound();
    reply.header("cache-control", MEDIA_CACHE_CONTROL);
    if (found === "not-modified") {
      // The browser's tag matched; sending it back lets a cache refresh the copy it holds.
      if (ifNoneMatch && !ifNoneMatch.includes(",")) reply.header("etag", ifNoneMatch);
      return reply.code(304).send();
    }
    reply.header("content-type", found.contentType);
    if (found.size !== undefined) reply.header("content-length", found.size);
    if (found.etag) reply.header("etag", found.etag);
    if (found.lastModified) reply.header("last-modified", found.lastModified.toUTCString());
    return reply.send(found.body);
  });
}
