import {
  adminIdParams,
  dutyRateCreateSchema,
  dutyRateViewSchema,
  importRuleCodeParams,
  importRulePatchSchema,
  importRulesResponseSchema,
  importRuleViewSchema,
} from "@store/shared";
import { z } from "zod";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/**
 * Import duties and taxes by destination (decision 081): the rules, their duty rates by HS heading, and the
 * seller's choice to collect them at checkout. Owner-only, as every route missing from staff-access.ts is.
 */
export async function adminImportRulesRoutes(app: AdminApp): Promise<void> {
  const rules = app.services.admin.importRules;
  const tags = ["admin", "admin import duties"];

  app.get(
    "/import-rules",
    {
      schema: {
        tags,
        summary:
          "Each destination's import rule (threshold, bases, tax rates, delivered duty paid) with its duty rates",
        response: { 200: importRulesResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => rules.list(),
  );

  app.patch(
    "/import-rules/:code",
    {
      schema: {
        tags,
        summary: "Change a destination's rule: amounts in its currency, rates in percent",
        params: importRuleCodeParams,
        body: importRulePatchSchema,
        response: { 200: importRuleViewSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => rules.update(signedInUser(request), request.params.code, request.body),
  );

  app.post(
    "/import-rules/:code/duty-rates",
    {
      schema: {
        tags,
        summary: "Add a duty rate for an HS chapter, heading or subheading from a date (one per prefix and date)",
        params: importRuleCodeParams,
        body: dutyRateCreateSchema,
        response: { 201: dutyRateViewSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await rules.addRate(signedInUser(request), request.params.code, request.body)),
  );

  app.delete(
    "/duty-rates/:id",
    {
      schema: {
        tags,
        summary: "Delete a duty rate",
        params: adminIdParams,
        response: { 204: z.null(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      await rules.removeRate(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
