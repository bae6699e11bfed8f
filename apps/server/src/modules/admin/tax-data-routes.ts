import {
  adminIdParams,
  notifiedValueCreateSchema,
  notifiedValuesResponseSchema,
  notifiedValueViewSchema,
  sellerGstResponseSchema,
  sellerGstSchema,
  taxRateCreateSchema,
  taxRateParams,
  taxDefaultSchema,
  taxDefaultsResponseSchema,
  taxDefaultViewSchema,
  taxRuleCreateSchema,
  taxRuleViewSchema,
  taxRulesResponseSchema,
} from "@store/shared";
import { z } from "zod";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/**
 * The seller's tax data (issues 15 and 38): the GST registration, the GST rate rules with each subcategory's
 * default, and the notified values by date. Owner-only, as every route missing from staff-access.ts's
 * allowlist is.
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

  app.get(
    "/tax-defaults",
    {
      schema: {
        tags,
        summary: "Each subcategory's default HSN code and tax rule, used by its products that have none of their own",
        response: { 200: taxDefaultsResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => tax.taxDefaults.list(),
  );

  app.put(
    "/tax-defaults/:id",
    {
      schema: {
        tags,
        summary: "Set a subcategory's default HSN code and tax rule (the rule must have a rate in force today)",
        params: adminIdParams,
        body: taxDefaultSchema,
        response: { 200: taxDefaultViewSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => tax.taxDefaults.set(signedInUser(request), request.params.id, request.body),
  );

  const notified = ["admin", "admin notified values"];
  app.get(
    "/notified-values",
    {
      schema: {
        tags: notified,
        summary:
          "The customs exchange rates for exports and the B2C large limits by date, each marked past, in force today (IST) or scheduled",
        response: { 200: notifiedValuesResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => tax.notifiedValues.list(),
  );

  app.post(
    "/notified-values",
    {
      schema: {
        tags: notified,
        summary: "Add a notified value from a date on, with the notification it comes from (one per kind and date)",
        body: notifiedValueCreateSchema,
        response: { 201: notifiedValueViewSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => reply.status(201).send(await tax.notifiedValues.add(signedInUser(request), request.body)),
  );

  app.delete(
    "/notified-values/:id",
    {
      schema: {
        tags: notified,
        summary: "Delete a notified value whose date is still ahead (one in force is never deleted)",
        params: adminIdParams,
        response: { 204: z.null(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      await tax.notifiedValues.remove(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
