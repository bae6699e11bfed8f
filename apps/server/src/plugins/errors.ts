import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ErrorBody } from "@store/shared";
import { originalOfRendition } from "@store/shared/media";
import { databaseUnavailable } from "../db/errors";
import { AppError, STATUS_BY_KIND } from "../errors";

const INTERNAL: ErrorBody = {
  message: "Something went wrong on our side. Please try again.",
  code: "INTERNAL",
  errors: [],
};

/**
 * PostgreSQL's class 22, data exception (NUL in text, a number or date out of range...), anywhere in the
 * error's causes (Drizzle wraps the driver's error). The shared schemas refuse such values first; this is
 * the net below them, so a value one of them lets through is still a 400 and not a 500.
 */
function isDataException(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** The status and body for any failure: every one leaves as `{ message, code, errors }`. */
function answerFor(error: FastifyError | AppError, request: FastifyRequest): [number, ErrorBody] {
  if (error instanceof AppError) {
    return [STATUS_BY_KIND[error.kind], { message: error.message, code: error.code, errors: error.errors ?? [] }];
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split("/").filter(Boolean)].filter(Boolean).join("."),
      message: issue.message ?? "is not valid",
    }));
    const first = errors[0];
    const message = first ? `Invalid ${first.path || "request"}: ${first.message}` : "The request is not valid.";
    return [400, { message, code: "VALIDATION_FAILED", errors }];
  }
  if (isDataException(error)) {
    // A gap in a schema: the answer is right, but the schema should say which field and why.
    request.log.warn({ err: error }, "the database refused a value the schemas let through");
    return [
      400,
      {
        message: "A value in the request is out of range or holds characters that are not allowed.",
        code: "INVALID_VALUE",
        errors: [],
      },
    ];
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return [500, INTERNAL];
  }
  // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, bad URL, rate limit...).
  return [
    status,
    { message: error.message, code: status === 429 ? "RATE_LIMITED" : (error.code ?? "BAD_REQUEST"), errors: [] },
  ];
}

/**
 * The one error handler: a status that tells the truth, and the same body shape for every failure.
 * Validation problems are 400 with one entry per field; our own faults are a bare 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A database that cannot serve in time (busy, locked, restarting) is a 503 to retry, not our fault.
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: error }, "database unavailable");
      error = unavailable;
    }
    if (error instanceof AppError && error.retryAfterSeconds) reply.header("retry-after", error.retryAfterSeconds);
    const [status, body] = answerFor(error, request);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // A smaller copy that was never rendered (a media folder from before the copies): the original will do.
    const original = request.method === "GET" || request.method === "HEAD" ? originalOfRendition(path) : undefined;
    if (original) return reply.redirect(original, 302);
    reply
      .status(404)
      .send({ message: `No route for ${request.method} ${path}.`, code: "NOT_FOUND", errors: [] } satisfies ErrorBody);
  });
}

/** Node's HTTP parser's refusals, answered before Fastify sees a request; the status for each. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, "HEADERS_TOO_LARGE", "The request's headers are too large."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "REQUEST_TIMEOUT", "The request took too long to arrive."],
};

/**
 * Fastify options that give the answers made outside the error handler the same body: the router's
 * (a broken percent-encoding, an over-long path parameter) and Node's own (headers too large, a request
 * that is not HTTP), which Node writes straight to the socket.
 */
export const errorOptions = {
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    const [status, body] = answerFor(error, request);
    void reply.status(status).send(body);
  },
  clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, code, message] = CLIENT_ERRORS[error.code] ?? [400, "BAD_REQUEST", "The request is not valid HTTP."];
    this.log.debug({ err: error }, "client error");
    const body = JSON.stringify({ message, code, errors: [] } satisfies ErrorBody);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};
