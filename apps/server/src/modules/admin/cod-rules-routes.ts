import { codHistoryResponseSchema, codHistorySettingsSchema, codRuleInputSchema, codRuleSchema } from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS, crudRoutes, type AdminApp } from "./route-kit";

/**
 * Cash on delivery's rules (decision 093): the seller's rules by customer, PIN code, area and shop, and the
 * defaults drawn from the store's own returns. Owner-only, as every route missing from staff-access.ts is.
 */
export async function adminCodRulesRoutes(app: AdminApp): Promise<void> {
  const codRules = app.services.admin.codRules;
  crudRoutes(app, "/cod-rules", codRules, {
    view: codRuleSchema,
    create: codRuleInputSchema,
    patch: codRuleInputSchema,
    tag: "admin cod rules",
    label: "cash-on-delivery rule (the whole rule on PATCH; the most specific wins: customer, PIN code, area, shop)",
  });

  const tags = ["admin", "admin cod rules"];
  app.get(
    "/cod-history",
    {
      schema: {
        tags,
        summary:
          "The defaults from the store's returns: the settings, and each PIN code and customer they flag now (COD parcels, returned, overridden by a rule)",
        response: { 200: codHistoryResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => codRules.history(),
  );
  app.put(
    "/cod-history",
    {
      schema: {
        tags,
        summary:
          "Change the history's settings (share returned, minimum parcels, days looked back, what a flagged one gets, on or off)",
        body: codHistorySettingsSchema,
        response: { 200: codHistoryResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => codRules.writeSettings(signedInUser(request), request.body),
  );
}
