import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  errorBodySchema,
  quoteListSchema,
  quoteParamsSchema,
  quoteRequestSchema,
  quoteViewSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { sendPdf } from "../invoices/routes";

/** The buyer's quotes (decision 101): signed in; another account's quote is a 404. */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quotes } = app.services;
  const tags = ["quotes"];
  const signedIn = { preHandler: app.requireUser };
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    422: errorBodySchema,
  };

  app.post(
    "/api/quotes/",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Ask for a quote: catalogue products or custom work, quantities, a wanted date, notes and a phone",
        body: quoteRequestSchema,
        response: { 201: quoteViewSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await quotes.request(signedInUser(request), request.body)),
  );

  app.get(
    "/api/quotes/",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The signed-in buyer's quotes, newest first",
        response: { 200: quoteListSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header("cache-control", "private, no-store").send(await quotes.listMine(signedInUser(request))),
  );

  app.get(
    "/api/quotes/:id",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "One of the buyer's quotes",
        params: quoteParamsSchema,
        response: { 200: quoteViewSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header("cache-control", "private, no-store")
        .send(await quotes.getMine(signedInUser(request), request.params.id)),
  );

  app.get(
    "/api/quotes/:id/proforma.pdf",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The proforma invoice of a priced quote (PDF; not a tax invoice)",
        params: quoteParamsSchema,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("The PDF"), ...errors },
      },
    },
    async (request, reply) => sendPdf(reply, await quotes.proformaFor(signedInUser(request), request.params.id)),
  );

  app.post(
    "/api/quotes/:id/accept",
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Accept a priced quote within its validity: the cart holds its lines at the quoted prices",
        params: quoteParamsSchema,
        response: { 200: z.object({ cart_id: z.string() }), ...errors },
      },
    },
    (request) => quotes.accept(signedInUser(request), request.params.id),
  );
};
