import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  quoteAnswerSchema,
  quoteDeclineSchema,
  quoteListSchema,
  quoteParamsSchema,
  quoteViewSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { sendPdf } from "../invoices/routes";
import { ADMIN_ERRORS } from "./route-kit";

const tags = ["admin: quotes"];
const errors = { ...ADMIN_ERRORS, 422: ADMIN_ERRORS[400] };

/** Quotes (decision 101): owner-only, as every route outside the staff allowlist is (decision 027). */
export const adminQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quotes } = app.services.admin;

  app.get(
    "/quotes",
    { schema: { tags, summary: "Every quote, open ones first", response: { 200: quoteListSchema, ...errors } } },
    () => quotes.list(),
  );

  app.get(
    "/quotes/:id",
    {
      schema: { tags, summary: "One quote", params: quoteParamsSchema, response: { 200: quoteViewSchema, ...errors } },
    },
    (request) => quotes.get(request.params.id),
  );

  app.get(
    "/quotes/:id/proforma.pdf",
    {
      schema: {
        tags,
        summary: "The proforma invoice of a priced quote (PDF; not a tax invoice)",
        params: quoteParamsSchema,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("The PDF"), ...errors },
      },
    },
    async (request, reply) => sendPdf(reply, await quotes.proforma(request.params.id)),
  );

  app.post(
    "/quotes/:id/send",
    {
      schema: {
        tags,
        summary:
          "Price a requested quote (unit prices in paise, GST included; shipping; validity; terms; lead time) and e-mail it; audited",
        params: quoteParamsSchema,
        body: quoteAnswerSchema,
        response: { 200: quoteViewSchema, ...errors },
      },
    },
    (request) => quotes.send(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/quotes/:id/decline",
    {
      schema: {
        tags,
        summary: "Decline a requested or priced quote with a reason the buyer is e-mailed; audited",
        params: quoteParamsSchema,
        body: quoteDeclineSchema,
        response: { 200: quoteViewSchema, ...errors },
      },
    },
    (request) => quotes.decline(signedInUser(request), request.params.id, request.body.reason),
  );
};
