import {
  adminIdParams,
  sellerGstResponseSchema,
  sellerGstSchema,
  taxRateCreateSchema,
  taxRateParams,
  taxRuleCreateSchema,
  taxRuleViewSchema,
  taxRulesResponseSchema,
} from "@store/shared";
import { z } from "zod";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/**
 * The seller's tax data (issue 15): the GST registration and the GST rate rules. Owner-only, as every
 * route missing from staff-access.ts's allowlist is.
 */
export async function adminTaxDataRoutes(app: AdminApp): Promise<void> {
  const tax = app.services.admin.taxData;

  app.get(
    "/settings/gst",
    {
      schema: {
        tags: ["admin", "admin settings"],
        summary: "The seller's GST registration as the invoices print it (null until saved)",
        response: { 200: sellerGstResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => tax.gst.get(),
  );

  app.put(
    "/settings/gst",
    {
      schema: {
        tags: ["admin", "admin settings"],
        summary: "Save the GST registration (GSTIN checked against its check character and state)",
        body: sellerGstSchema,
        response: { 200: sellerGstResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => tax.gst.save(signedInUser(request), request.body),
  );

  const tags = ["admin", "admin tax rules"];
  app.get(
    "/tax-rules",
    {
      schema: {
        tags,
        summary: "GST rate rules with their rates, each marked past, in force today (IST) or scheduled",
        response: { 200: taxRulesResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => tax.taxRules.list(),
  );

  app.post(
    "/tax-rules",
    {
      schema: {
        tags,
        summary: "Add a rule (its rates are added after)",
        body: taxRuleCreateSchema,
        response: { 201: taxRuleViewSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => reply.status(201).send(await tax.taxRules.create(signedInUser(request), request.body)),
  );

  app.post(
    "/tax-rules/:id/rates",
    {
      schema: {
        tags,
        summary: "Add a rate from a date on (one per date; a rate in force is replaced by a later one)",
        params: adminIdParams,
        body: taxRateCreateSchema,
        response: { 201: taxRuleViewSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tax.taxRules.addRate(signedInUser(request), request.params.id, request.body)),
  );

  app.delete(
    "/tax-rules/:id/rates/:rateId",
    {
      schema: {
        tags,
        summary: "Delete a rate whose date is still ahead (one in force is never deleted)",
        params: taxRateParams,
        response: { 204: z.null(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      await tax.taxRules.removeRate(signedInUser(request), request.params.id, request.params.rateId);
      return reply.status(204).send(null);
    },
  );
}
