import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { creditNoteParamsSchema, errorBodySchema, idParam, taxDocumentQuerySchema } from "@store/shared";
import type { PdfFile } from "./service";

/** A PDF as a download: named, and kept out of shared caches (it holds a shopper's name and address). */
export function sendPdf(reply: FastifyReply, file: PdfFile): FastifyReply {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("cache-control", "private, no-store")
    .send(file.pdf);
}

const pdfResponse = {
  200: z.any().describe("The PDF"),
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
};

/**
 * The shopper's tax documents: the order's account, or anyone with the link of the confirmation e-mail (a
 * guest has no account), reads them. Anything else is the same 404, whatever the reason.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices } = app.services;
  const tags = ["invoices"];

  app.get(
    "/api/orders/:id/invoice.pdf",
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: "The order's GST tax invoice as a PDF (the order's account, or ?token= from the confirmation e-mail)",
        params: z.object({ id: idParam }),
        querystring: taxDocumentQuerySchema,
        produces: ["application/pdf"],
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await invoices.shopperInvoicePdf(request.params.id, {
          userId: request.user?.id ?? null,
          token: request.query.token,
        }),
      ),
  );

  app.get(
    "/api/orders/:id/credit-notes/:noteId.pdf",
    {
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: "A credit note against the order's invoice as a PDF (same access as the invoice)",
        params: creditNoteParamsSchema,
        querystring: taxDocumentQuerySchema,
        produces: ["application/pdf"],
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await invoices.shopperCreditNotePdf(request.params.id, request.params.noteId, {
          userId: request.user?.id ?? null,
          token: request.query.token,
        }),
      ),
  );
};
