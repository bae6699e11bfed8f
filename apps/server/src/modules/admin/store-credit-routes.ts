import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminIdParams,
  adminStoreCreditLedgerSchema,
  adminStoreCreditOverviewSchema,
  adminStoreCreditQuerySchema,
  storeCreditAdjustmentSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS } from "./route-kit";

const tags = ["admin: store credit"];

/** Store credit (issue 42): owner-only, as every route outside the staff allowlist is (decision 027). */
export const adminStoreCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storeCredit } = app.services.admin;

  app.get(
    "/store-credit",
    {
      schema: {
        tags,
        summary: "What the shop owes in store credit per currency, and the shoppers holding it (largest first)",
        querystring: adminStoreCreditQuerySchema,
        response: { 200: adminStoreCreditOverviewSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => storeCredit.overview(request.query.query),
  );

  app.get(
    "/store-credit/:id",
    {
      schema: {
        tags,
        summary: "One shopper's store credit: balances and every movement, newest first",
        params: adminIdParams,
        response: { 200: adminStoreCreditLedgerSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => storeCredit.ledger(request.params.id),
  );

  app.post(
    "/store-credit/:id/adjust",
    {
      schema: {
        tags,
        summary: "A goodwill credit (positive) or correction (negative) with its reason; audited; never below 0 (409)",
        params: adminIdParams,
        body: storeCreditAdjustmentSchema,
        response: { 200: adminStoreCreditLedgerSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => storeCredit.adjust(signedInUser(request), request.params.id, request.body),
  );
};
