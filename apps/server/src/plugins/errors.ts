import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody } from "@store/shared";
import { originalOfRendition } from "@store/shared/media";
import { databaseUnavailable } from "../db/errors";
import { AppError, STATUS_BY_KIND } from "../errors";

/**
 * The one error handler: every failure leaves as `{ message, code, errors? }` with a status that tells
 * the truth. Validation problems are 400 with one entry per field; our own faults are a bare 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A database that cannot serve in time (busy, locked, restarting) is a 503 to retry, not our fault.
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: error }, "database unavailable");
      error = unavailable;
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header("retry-after", error.retryAfterSeconds);
      const body: ErrorBody = { message: error.message, code: error.code, ...(error.errors && { errors: error.errors }) };
      return reply.status(STATUS_BY_KIND[error.kind]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split("/").filter(Boolean)].filter(Boolean).join("."),
        message: issue.message ?? "is not valid",
      }));
      const first = errors[0];
      const message = first ? `Invalid ${first.path || "request"}: ${first.message}` : "The request is not valid.";
      return reply.status(400).send({ message, code: "VALIDATION_FAILED", errors } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(500).send({ message: "Something went wrong on our side. Please try again.", code: "INTERNAL" } satisfies ErrorBody);
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, rate limit...).
    const code = status === 429 ? "RATE_LIMITED" : (error.code ?? "BAD_REQUEST");
    return reply.status(status).send({ message: error.message, code } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // A smaller copy that was never rendered (a media folder from before the copies): the original will do.
    const original = request.method === "GET" || request.method === "HEAD" ? originalOfRendition(path) : undefined;
    if (original) return reply.redirect(original, 302);
    reply.status(404).send({ message: `No route for ${request.method} ${path}.`, code: "NOT_FOUND" } satisfies ErrorBody);
  });
}
