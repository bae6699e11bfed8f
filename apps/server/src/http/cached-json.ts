import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Catalogue answers change when the seller edits a product or a piece sells, and the product page shows
 * stock: browsers and CDNs may keep a copy but must ask again each time. Asking again is cheap: an
 * unchanged answer is a 304 without a body.
 */
export const CATALOGUE_CACHE_CONTROL = "public, no-cache";

/** Below this, compression saves less than it costs (the threshold @fastify/compress uses too). */
const MIN_COMPRESSED_BYTES = 1024;

type Coding = "br" | "gzip";

const compressors: Record<Coding, (body: Buffer) => Buffer> = {
  // Quality 4, like the rest of the app's brotli: once per entry, so it could be higher, but 4 is close.
  br: (body) =>
    brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body),
};

/** One answer, serialised once and compressed at most once per coding. */
interface EncodedJson {
  identity: Buffer;
  /** Hash of the JSON: the strong ETag of each representation, with the coding appended when coded. */
  hash: string;
  coded: Partial<Record<Coding, Buffer>>;
}

/**
 * Keyed on the answer object itself: the catalogue cache hands out the same object while it is valid
 * and a new one after an invalidation, so an encoding can never outlive its data, and it is collected
 * with it. An object must therefore always be sent by the same route (its schema serialises it).
 */
const encodings = new WeakMap<object, EncodedJson>();

function encode(reply: FastifyReply, value: object): EncodedJson {
  // The route's serialiser: checked against its response schema, as any other answer is.
  const identity = Buffer.from(reply.serialize(value) as string);
  const encoded: EncodedJson = {
    identity,
    hash: createHash("sha256").update(identity).digest("base64url").slice(0, 27),
    coded: {},
  };
  encodings.set(value, encoded);
  return encoded;
}

/** The coding to send for an Accept-Encoding header: the highest q, brotli on a tie; none for identity. */
export function preferredCoding(acceptEncoding: string | undefined): Coding | undefined {
  let best: Coding | undefined;
  let bestQ = 0;
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (name !== "br" && name !== "gzip") continue;
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    if (q > bestQ || (q === bestQ && name === "br")) [best, bestQ] = [name, q];
  }
  return best;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): a W/ prefix does not matter; `*` matches anything. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || (t.startsWith("W/") ? t.slice(2) : t) === etag;
  });
}

/**
 * Sends a cacheable JSON answer without re-serialising or re-compressing it: ETag, a 304 for a matching
 * If-None-Match, and the body in the client's preferred coding. The route must opt out of
 * @fastify/compress (`compress: false`), which would otherwise look at every answer again.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, value: object): FastifyReply {
  const encoded = encodings.get(value) ?? encode(reply, value);
  const coding =
    encoded.identity.length >= MIN_COMPRESSED_BYTES ? preferredCoding(request.headers["accept-encoding"]) : undefined;
  const etag = coding ? `"${encoded.hash}-${coding}"` : `"${encoded.hash}"`;
  reply.header("etag", etag).header("vary", "Accept-Encoding").header("cache-control", CATALOGUE_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) return reply.code(304).send();

  reply.type("application/json; charset=utf-8");
  if (!coding) return reply.send(encoded.identity);
  const body = (encoded.coded[coding] ??= compressors[coding](encoded.identity));
  return reply.header("content-encoding", coding).send(body);
}
