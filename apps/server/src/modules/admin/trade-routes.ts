import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminIdParams,
  tradeApplicationSchema,
  tradeApproveRequestSchema,
  tradeDeclineRequestSchema,
  tradeGroupInputSchema,
  tradeGroupSchema,
  tradeOverviewSchema,
  tradePriceInputSchema,
  tradePriceKeySchema,
  tradeProductRuleSchema,
  tradeRevokeRequestSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS } from "./route-kit";

const tags = ["admin: trade"];

/** Trade accounts (decision 097): owner-only, as every route outside the staff allowlist is (decision 027). */
export const adminTradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { trade } = app.services.admin;
  const params = adminIdParams;

  app.get(
    "/trade",
    {
      schema: {
        tags,
        summary:
          "Trade applications (open first), trade groups with their price lists, products' minimums and case packs",
        response: { 200: tradeOverviewSchema, ...ADMIN_ERRORS },
      },
    },
    () => trade.overview(),
  );
  app.post(
    "/trade/applications/:id/approve",
    {
      schema: {
        tags,
        summary: "Approve an open application into a trade group; the business is e-mailed",
        params,
        body: tradeApproveRequestSchema,
        response: { 200: tradeApplicationSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => trade.approve(signedInUser(request), request.params.id, request.body.group_id),
  );
  app.post(
    "/trade/applications/:id/decline",
    {
      schema: {
        tags,
        summary: "Decline an open application with the reason the business is e-mailed",
        params,
        body: tradeDeclineRequestSchema,
        response: { 200: tradeApplicationSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => trade.decline(signedInUser(request), request.params.id, request.body.reason),
  );
  app.post(
    "/trade/applications/:id/move",
    {
      schema: {
        tags,
        summary: "Move an approved buyer to another trade group; its prices change from the next cart answer",
        params,
        body: tradeApproveRequestSchema,
        response: { 200: tradeApplicationSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => trade.move(signedInUser(request), request.params.id, request.body.group_id),
  );
  app.post(
    "/trade/applications/:id/revoke",
    {
      schema: {
        tags,
        summary: "Revoke (suspend) an approved account: retail prices and no bank transfer at once; e-mailed",
        params,
        body: tradeRevokeRequestSchema,
        response: { 200: tradeApplicationSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => trade.revoke(signedInUser(request), request.params.id, request.body.reason),
  );
  app.post(
    "/trade/applications/:id/reinstate",
    {
      schema: {
        tags,
        summary: "Reinstate a revoked account into a trade group; the business is e-mailed",
        params,
        body: tradeApproveRequestSchema,
        response: { 200: tradeApplicationSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => trade.reinstate(signedInUser(request), request.params.id, request.body.group_id),
  );
  app.post(
    "/trade/groups",
    {
      schema: {
        tags,
        summary: "A new trade group with its percentage off retail prices",
        body: tradeGroupInputSchema,
        response: { 201: tradeGroupSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await trade.createGroup(signedInUser(request), request.body)),
  );
  app.put(
    "/trade/groups/:id",
    {
      schema: {
        tags,
        summary: "Rename a trade group or change its percentage",
        params,
        body: tradeGroupInputSchema,
        response: { 200: tradeGroupSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => trade.updateGroup(signedInUser(request), request.params.id, request.body),
  );
  app.delete(
    "/trade/groups/:id",
    {
      schema: {
        tags,
        summary: "Delete a trade group nobody is approved into, with its price list",
        params,
        response: { 204: z.null(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      await trade.deleteGroup(signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.put(
    "/trade/groups/:id/prices",
    {
      schema: {
        tags,
        summary:
          "Set a fixed trade price (paise, whole rupees) of a product for the group: one size, or every size (size '')",
        params,
        body: tradePriceInputSchema,
        response: { 200: tradeGroupSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => trade.setPrice(signedInUser(request), request.params.id, request.body),
  );
  app.post(
    "/trade/groups/:id/prices/remove",
    {
      schema: {
        tags,
        summary: "Remove a fixed trade price from the group's list",
        params,
        body: tradePriceKeySchema,
        response: { 200: tradeGroupSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => trade.removePrice(signedInUser(request), request.params.id, request.body),
  );
  app.put(
    "/trade/rules",
    {
      schema: {
        tags,
        summary: "A product's minimum order and case pack for trade buyers (1 and 1: none)",
        body: tradeProductRuleSchema,
        response: { 200: tradeOverviewSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => trade.setRule(signedInUser(request), request.body),
  );
};
