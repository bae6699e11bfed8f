import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminIdParams,
  bankTransferSettingsSchema,
  bankTransferSettingsViewSchema,
  orderBankTransferSchema,
  recordBankTransferSchema,
  sentBackTransferSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS } from "./route-kit";

const tags = ["admin: bank transfer"];

/** Bank transfers (decision 098): owner-only, as every route outside the staff allowlist is (decision 027). */
export const adminBankTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bankTransfer } = app.services.admin;

  app.get(
    "/bank-transfer/settings",
    {
      schema: {
        tags,
        summary: "The account bank-transfer buyers pay into, the days they have to pay, and whether it is offered",
        response: { 200: bankTransferSettingsViewSchema, ...ADMIN_ERRORS },
      },
    },
    () => bankTransfer.settings(),
  );

  app.put(
    "/bank-transfer/settings",
    {
      schema: {
        tags,
        summary: "Change the bank-transfer account and days to pay (orders placed keep their date); audited",
        body: bankTransferSettingsSchema,
        response: { 200: bankTransferSettingsViewSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => bankTransfer.save(signedInUser(request), request.body),
  );

  app.post(
    "/orders/:id/bank-transfers",
    {
      schema: {
        tags,
        summary:
          "Record a transfer received for a bank-transfer order (mode, UTR, amount, date); paid in full confirms it; audited",
        params: adminIdParams,
        body: recordBankTransferSchema,
        response: { 200: orderBankTransferSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => bankTransfer.record(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/orders/:id/bank-transfers/sent-back",
    {
      schema: {
        tags,
        summary: "Record the transfer the seller made to give back money owed on a bank-transfer order; audited",
        params: adminIdParams,
        body: sentBackTransferSchema,
        response: { 200: orderBankTransferSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => bankTransfer.sentBack(signedInUser(request), request.params.id, request.body),
  );
};
