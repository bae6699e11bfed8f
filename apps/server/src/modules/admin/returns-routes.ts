import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminReturnStepResponseSchema,
  adminReturnsQuerySchema,
  adminReturnsResponseSchema,
  adminIdParams,
  refundPaidSchema,
  returnApprovalSchema,
  returnRefusalSchema,
  returnInspectionSchema,
  photosBodyLimit,
  RETURN_PHOTOS_MAX,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS } from "./route-kit";

const tags = ["admin: returns"];

/** Returns and exchanges: the list, and each step of a request. */
export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { returns } = app.services.admin;
  const step = { params: adminIdParams, response: { 200: adminReturnStepResponseSchema, ...ADMIN_ERRORS } };

  app.get(
    "/returns",
    {
      schema: {
        tags,
        summary:
          "Return and exchange requests, newest first, optionally of one status, or those waiting for the seller (view=to_handle)",
        querystring: adminReturnsQuerySchema,
        response: { 200: adminReturnsResponseSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => ({ data: await returns.list(request.query.status, request.query.view) }),
  );

  app.post(
    "/returns/:id/approve",
    {
      schema: {
        ...step,
        tags,
        summary: "Approve a request: an exchange's new size is kept from stock, and the courier's pickup is booked",
        body: returnApprovalSchema,
      },
    },
    (request) => returns.approve(signedInUser(request), request.params.id, request.body.note),
  );

  app.post(
    "/returns/:id/refuse",
    {
      schema: {
        ...step,
        tags,
        summary: "Refuse a request, with the reason the shopper is told",
        body: returnRefusalSchema,
      },
    },
    (request) => returns.refuse(signedInUser(request), request.params.id, request.body.note),
  );

  app.post(
    "/returns/:id/pickup",
    { schema: { ...step, tags, summary: "Book an approved return's pickup again (after the courier failed)" } },
    (request) => returns.bookPickup(request.params.id),
  );

  app.post(
    "/returns/:id/receive",
    {
      schema: {
        ...step,
        tags,
        summary: "The parcel is back at the seller's, to be checked before anything is refunded or restocked",
      },
    },
    (request) => returns.receive(signedInUser(request), request.params.id),
  );

  app.post(
    "/returns/:id/inspect",
    {
      bodyLimit: photosBodyLimit(RETURN_PHOTOS_MAX),
      schema: {
        ...step,
        tags,
        summary:
          "The parcel checked: accepted whole or in part (refunded and credited, each line restocked or written off), or rejected with the reason and photos",
        body: returnInspectionSchema,
      },
    },
    (request) => returns.inspect(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/returns/:id/ship-exchange",
    { schema: { ...step, tags, summary: "Book a received exchange's new parcel again (after the courier failed)" } },
    (request) => returns.shipExchange(request.params.id),
  );

  app.post(
    "/returns/:id/refund-paid",
    {
      schema: {
        ...step,
        tags,
        summary: "A cash-on-delivery shopper's refund was paid by UPI or bank transfer: its reference",
        body: refundPaidSchema,
      },
    },
    (request) => returns.refundPaid(signedInUser(request), request.params.id, request.body.reference),
  );
};
