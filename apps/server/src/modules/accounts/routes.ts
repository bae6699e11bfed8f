import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyEmailRequestSchema,
} from "@store/shared";
import { sessionTokenFrom, signedInUser } from "./auth-plugin";
import { toPublicUser } from "./service";

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.services.accounts;
  // Password guessing and sign-up spam are per address; 10 a minute (the default) is plenty for a person.
  const AUTH_RATE_LIMIT = { max: app.config.authRateLimitMax, timeWindow: "1 minute" };
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    409: errorBodySchema,
    429: errorBodySchema,
  };

  app.post(
    "/api/signup/",
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ["accounts"],
        summary:
          "Create an account (password optional: without one, a set-password link is e-mailed); a registered e-mail gets the same answer and its owner an e-mail",
        body: signupRequestSchema,
        response: { 201: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await accounts.signup(request.body)),
  );

  app.post(
    "/api/login/",
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ["accounts"],
        summary:
          "Log in; a guest cart_id is merged into the shopper's cart. Throttled per account (429 with Retry-After)",
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    (request) => accounts.login(request.body),
  );

  app.post(
    "/api/set-password/",
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ["accounts"],
        summary: "Set the password with the token from the e-mailed link",
        body: setPasswordRequestSchema,
        response: { 200: setPasswordResponseSchema, ...errors },
      },
    },
    (request) => accounts.setPassword(request.body),
  );

  app.post(
    "/api/verify-email/",
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ["accounts"],
        summary: "Confirm the e-mail address with the token from the link e-mailed at sign-up",
        body: verifyEmailRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (request) => accounts.verifyEmail(request.body),
  );

  app.post(
    "/api/logout/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["accounts"],
        summary: "Revoke the presented token",
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const token = sessionTokenFrom(request.headers.authorization);
      if (token) await accounts.logout(token);
      return { message: "You have been logged out." };
    },
  );

  app.get(
    "/api/me/",
    {
      preHandler: app.requireUser,
      schema: { tags: ["accounts"], summary: "The signed-in user", response: { 200: meResponseSchema, ...errors } },
    },
    (request) => ({ user: toPublicUser(signedInUser(request)) }),
  );
};
