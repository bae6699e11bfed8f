import { adminFeedRoutes } from "./feeds-routes";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditLogQuerySchema, auditLogResponseSchema, dashboardResponseSchema } from "@store/shared";
import { adminContentRoutes } from "./content-routes";
import { adminOrderRoutes } from "./orders-routes";
import { adminShipmentRoutes } from "./shipments-routes";
import { adminFailedDeliveryRoutes } from "./failed-deliveries-routes";
import { adminPeopleRoutes } from "./people-routes";
import { adminReturnRoutes } from "./returns-routes";
import { adminStoreCreditRoutes } from "./store-credit-routes";
import { adminGiftCardRoutes } from "./gift-cards-routes";
import { adminPayNowRoutes } from "./pay-now-routes";
import { adminBankTransferRoutes } from "./bank-transfer-routes";
import { adminQuoteRoutes } from "./quotes-routes";
import { adminProductRoutes } from "./products-routes";
import { ADMIN_ERRORS } from "./route-kit";
import { adminDeliveryOutcomesRoutes, adminSalesRoutes } from "./sales-routes";
import { adminNumbersRoutes } from "./numbers-routes";
import { adminSizeSchemeRoutes } from "./size-schemes-routes";
import { adminTaxDataRoutes } from "./tax-data-routes";
import { adminImportRulesRoutes } from "./import-rules-routes";
import { adminCodRulesRoutes } from "./cod-rules-routes";
import { adminTradeRoutes } from "./trade-routes";
import { adminTaxRoutes } from "./tax-routes";
import { staffBodyGate, staffRouteGate } from "./staff-access";

/** Where the back office's API lives; app.ts registers `adminRoutes` under it. */
export const ADMIN_PREFIX = "/api/admin";

/**
 * The back office's API. The guard is a hook on this whole (encapsulated) plugin, not a per-route
 * option, so no route added here can forget it: guests get 401, shoppers 403, before any body is read;
 * staff get 403 on every route not on their allowlist.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", app.requireAdmin);
  // Staff pass the door above but only reach the routes of the one allowlist (staff-access.ts).
  app.addHook("onRequest", staffRouteGate);
  app.addHook("preHandler", staffBodyGate);

  app.get(
    "/dashboard",
    {
      schema: {
        tags: ["admin"],
        summary:
          "What to do today (to ship, to confirm, open queries, low stock), sales today, this month, by day (90 IST days), top products",
        response: { 200: dashboardResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => app.services.admin.dashboard.summary(),
  );

  app.get(
    "/audit-log",
    {
      schema: {
        tags: ["admin"],
        summary: "Who changed what, newest first",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => app.services.admin.auditLog(request.query),
  );

  await app.register(adminProductRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminShipmentRoutes);
  await app.register(adminFailedDeliveryRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminSalesRoutes);
  await app.register(adminDeliveryOutcomesRoutes);
  await app.register(adminFeedRoutes);
  await app.register(adminNumbersRoutes);
  await app.register(adminTaxRoutes);
  await app.register(adminPeopleRoutes);
  await app.register(adminTaxDataRoutes);
  await app.register(adminImportRulesRoutes);
  await app.register(adminCodRulesRoutes);
  await app.register(adminTradeRoutes);
  await app.register(adminReturnRoutes);
  await app.register(adminSizeSchemeRoutes);
  await app.register(adminStoreCreditRoutes);
  await app.register(adminGiftCardRoutes);
  await app.register(adminPayNowRoutes);
  await app.register(adminBankTransferRoutes);
  await app.register(adminQuoteRoutes);
};
