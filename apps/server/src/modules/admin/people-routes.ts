import {
  adminIdParams,
  customerDetailSchema,
  customerKeyParams,
  customerListQuerySchema,
  customerListResponseSchema,
  sellerSettingsResponseSchema,
  sellerSettingsSchema,
  shippingFeesResponseSchema,
  shippingFeesSchema,
  shippingRatesResponseSchema,
  shippingRatesSchema,
  staffInviteSchema,
  staffListResponseSchema,
  staffMemberSchema,
  staffRoleChangeSchema,
} from "@store/shared";
import { z } from "zod";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/** Customers, staff accounts and the seller's settings (issue 13 points 11 and 12). */
export async function adminPeopleRoutes(app: AdminApp): Promise<void> {
  const admin = app.services.admin;

  app.get(
    "/customers",
    {
      schema: {
        tags: ["admin", "admin customers"],
        summary: "Accounts and guest e-mails that placed orders: orders, spend per currency, last order",
        querystring: customerListQuerySchema,
        response: { 200: customerListResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => admin.customers.list(request.query),
  );

  app.get(
    "/customers/:key",
    {
      schema: {
        tags: ["admin", "admin customers"],
        summary: "One customer (user-<id> or email-<address>) with their placed orders",
        params: customerKeyParams,
        response: { 200: customerDetailSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => admin.customers.get(request.params.key),
  );

  const staffTags = ["admin", "admin staff"];
  app.get(
    "/staff",
    {
      schema: {
        tags: staffTags,
        summary: "Owners and staff",
        response: { 200: staffListResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => admin.staff.list(),
  );

  app.post(
    "/staff",
    {
      schema: {
        tags: staffTags,
        summary: "Give an e-mail access (a new account gets a set-password link by e-mail)",
        body: staffInviteSchema,
        response: { 201: staffMemberSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => reply.status(201).send(await admin.staff.invite(signedInUser(request), request.body)),
  );

  app.patch(
    "/staff/:id",
    {
      schema: {
        tags: staffTags,
        summary: "Change a role (never the last owner, never your own)",
        params: adminIdParams,
        body: staffRoleChangeSchema,
        response: { 200: staffMemberSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => admin.staff.changeRole(signedInUser(request), request.params.id, request.body),
  );

  app.delete(
    "/staff/:id",
    {
      schema: {
        tags: staffTags,
        summary: "Remove back-office access (the account stays a shopper's)",
        params: adminIdParams,
        response: { 204: z.null(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      await admin.staff.remove(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/settings",
    {
      schema: {
        tags: ["admin", "admin settings"],
        summary: "The seller's settings: where alerts go and which are on",
        response: { 200: sellerSettingsResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => admin.settings.get(),
  );

  app.put(
    "/settings",
    {
      schema: {
        tags: ["admin", "admin settings"],
        summary: "Save the seller's settings (the whole record)",
        body: sellerSettingsSchema,
        response: { 200: sellerSettingsResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => admin.settings.save(signedInUser(request), request.body),
  );

  app.get(
    "/settings/shipping-fees",
    {
      schema: {
        tags: ["admin", "admin settings"],
        summary: "The shipping fees the seller sets, by method, in whole rupees and dollars",
        response: { 200: shippingFeesResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => admin.settings.shippingFees.get(),
  );

  app.put(
    "/settings/shipping-fees",
    {
      schema: {
        tags: ["admin", "admin settings"],
        summary: "Save the shipping fees (whole rupees and dollars): orders are priced with them from now on",
        body: shippingFeesSchema,
        response: { 200: shippingFeesResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => admin.settings.shippingFees.save(signedInUser(request), request.body),
  );

  app.get(
    "/shipping-rates",
    {
      schema: {
        tags: ["admin", "admin settings"],
        summary: "The destination zones (countries) and the international rate cards, in whole rupees and dollars",
        response: { 200: shippingRatesResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => admin.settings.shippingRates.get(),
  );

  app.put(
    "/shipping-rates",
    {
      schema: {
        tags: ["admin", "admin settings"],
        summary:
          "Save the zones and rate cards whole (first half kilo and each further half kilo, per method, zone and currency)",
        body: shippingRatesSchema,
        response: { 200: shippingRatesResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => admin.settings.shippingRates.save(signedInUser(request), request.body),
  );
}
