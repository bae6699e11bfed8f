import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { payNowSettingsSchema, payNowStatsQuerySchema, payNowStatsSchema } from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS } from "./route-kit";

const tags = ["admin: pay now"];

/** "Pay now" nudges (decision 094): owner-only, as every route outside the staff allowlist is (decision 027). */
export const adminPayNowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payNow } = app.services.admin;

  app.get(
    "/pay-now/settings",
    {
      schema: {
        tags,
        summary: "The pay-now nudge's settings: on or off, the discount, the delay after the order",
        response: { 200: payNowSettingsSchema, ...ADMIN_ERRORS },
      },
    },
    () => payNow.settings(),
  );

  app.put(
    "/pay-now/settings",
    {
      schema: {
        tags,
        summary: "Change the pay-now nudge's settings (messages already sent keep their discount); audited",
        body: payNowSettingsSchema,
        response: { 200: payNowSettingsSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => payNow.save(signedInUser(request), request.body),
  );

  app.get(
    "/pay-now/stats",
    {
      schema: {
        tags,
        summary: "Nudges sent, opened and converted to prepaid over IST days, the rate and the discount given",
        querystring: payNowStatsQuerySchema,
        response: { 200: payNowStatsSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => payNow.stats(request.query),
  );
};
