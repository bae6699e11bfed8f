import { adminTaxQuerySchema, adminTaxResponseSchema, errorBodySchema, TAX_CSV_SECTIONS } from "@store/shared";
import { z } from "zod";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/**
 * The seller's monthly tax figures (issue 15): the return's sections for one IST month, each as CSV, and the
 * month's invoice and credit-note PDFs in one ZIP. The owner's alone: staff are not on the allowlist.
 */
export async function adminTaxRoutes(app: AdminApp): Promise<void> {
  // Read per request, not once here: the service is built with its PDF renderer, which a test may hand in.
  const tax = () => app.services.admin.tax;
  const tags = ["admin", "admin tax"];

  app.get(
    "/tax",
    {
      schema: {
        tags,
        summary:
          "One IST month's GST figures: B2C sales by place and rate, HSN summary, exports, credit notes, documents issued (test orders left out)",
        querystring: adminTaxQuerySchema,
        response: { 200: adminTaxResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => tax().month(request.query.month),
  );

  // One static route per section (rather than a parameter with a suffix): each is documented on its own.
  for (const section of TAX_CSV_SECTIONS) {
    app.get(
      `/tax/${section}.csv`,
      {
        schema: {
          tags,
          summary: `The month's ${section} section as a CSV file (rupees with 2 decimals)`,
          querystring: adminTaxQuerySchema,
          produces: ["text/csv"],
          response: { 200: z.string(), ...ADMIN_ERRORS },
        },
      },
      async (request, reply) => {
        const { month } = request.query;
        const csv = await tax().csv(section, month);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="tax-${section}-${month}.csv"`)
          .header("cache-control", "no-store")
          .send(csv);
      },
    );
  }

  app.get(
    "/tax/invoices.zip",
    {
      schema: {
        tags,
        summary: "The month's invoice and credit-note PDFs in one ZIP (404 when the month has none)",
        querystring: adminTaxQuerySchema,
        produces: ["application/zip"],
        response: { 200: z.any(), ...ADMIN_ERRORS, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const zip = await tax().zip(month);
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="invoices-${month}.zip"`)
        .header("cache-control", "no-store")
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );
}
