import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  notificationLinkResponseSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  notificationTokenSchema,
} from "@store/shared";
import { signedInUser } from "./auth-plugin";

/** Turning order updates off: from the signed link in a message, or from the account page. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.services.notifications;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };
  const tags = ["notifications"];

  app.get(
    "/api/notifications/off/",
    {
      schema: {
        tags,
        summary: "What a signed opt-out link turns off (400 for a forged one)",
        querystring: notificationTokenSchema,
        response: { 200: notificationLinkResponseSchema, ...errors },
      },
    },
    (request) => settings.describeLink(request.query.token),
  );

  app.post(
    "/api/notifications/off/",
    {
      schema: {
        tags,
        summary: "Turn off the order updates a signed opt-out link names (400 for a forged one)",
        body: notificationTokenSchema,
        response: { 200: notificationLinkResponseSchema, ...errors },
      },
    },
    (request) => settings.turnOffByLink(request.body.token),
  );

  app.get(
    "/api/account/notifications/",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in shopper's order updates by e-mail and WhatsApp",
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    (request) => settings.forAccount(signedInUser(request)),
  );

  app.put(
    "/api/account/notifications/",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Turn the signed-in shopper's order updates on or off, per channel",
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    (request) => settings.updateForAccount(signedInUser(request), request.body),
  );
};
