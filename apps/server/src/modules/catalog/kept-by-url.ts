import type { FastifyReply, FastifyRequest, preValidationHookHandler } from "fastify";
import { sendCachedJson } from "../../http/cached-json";
import { isCurrentAnswer } from "./cache";

/** URLs remembered per route set; the oldest goes first (a bound against made-up query strings). */
const DEFAULT_MAX_URLS = 1_000;

/**
 * The catalogue's answers kept by the URL that asked for them (decision 111). A catalogue answer depends on the
 * URL only (no cookie, no token: `Cache-Control: public`), so a URL answered once is answered again with the
 * same object, found before the query is validated and without the service's keys and cache lookups: on the
 * listing that was most of a cached answer's cost (its query has nine fields with preprocessing, and four
 * cache lookups). An answer is sent only while its cache entry would be (`isCurrentAnswer`: same catalogue
 * generation, TTL not run out), so a sale, an edit or another replica's change is seen exactly as before.
 *
 * A `preValidation` hook, not `onRequest`: @fastify/rate-limit adds its own route-level `onRequest` hook after
 * the route's, and a kept answer must still count against the caller's limit.
 */
export function keptByUrl(maxUrls = DEFAULT_MAX_URLS) {
  const answers = new Map<string, object>();

  const answer: preValidationHookHandler = (request, reply, done) => {
    const value = answers.get(request.url);
    if (value === undefined) return done();
    if (!isCurrentAnswer(value)) {
      answers.delete(request.url);
      return done();
    }
    // Answered here: the route's handler and its validation are skipped, so `done` is not called.
    sendCachedJson(request, reply, value);
  };

  /** The route's handler: keeps the answer for its URL, then sends it as any cached answer. */
  function send(request: FastifyRequest, reply: FastifyReply, value: object): FastifyReply {
    answers.delete(request.url);
    answers.set(request.url, value);
    if (answers.size > maxUrls) answers.delete(answers.keys().next().value as string);
    return sendCachedJson(request, reply, value);
  }

  return { answer, send };
}
