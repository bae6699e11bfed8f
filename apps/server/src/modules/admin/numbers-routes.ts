import { numbersCsvParamsSchema, numbersQuerySchema, numbersReportSchema, numbersSettingsSchema } from "@store/shared";
import { z } from "zod";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/** The seller's numbers (issue 45 point 3, decision 105): the report, each table as CSV, the retention setting. */
export async function adminNumbersRoutes(app: AdminApp): Promise<void> {
  const numbers = app.services.admin.numbers;
  const tags = ["admin", "admin numbers"];

  app.get(
    "/numbers",
    {
      schema: {
        tags,
        summary:
          "The funnel by IST day, searches without results and with sales, products viewed but rarely bought, and sources; by device and country",
        querystring: numbersQuerySchema,
        response: { 200: numbersReportSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => numbers.report(request.query),
  );

  app.get(
    "/numbers/:table.csv",
    {
      schema: {
        tags,
        summary: "One table of the numbers as a CSV file",
        params: numbersCsvParamsSchema,
        querystring: numbersQuerySchema,
        produces: ["text/csv"],
        response: { 200: z.string(), ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const { table } = request.params;
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="numbers-${table}-${from}-to-${to}.csv"`)
        .header("cache-control", "no-store")
        .send(await numbers.csv(request.query, table));
    },
  );

  app.get(
    "/numbers/settings",
    {
      schema: {
        tags,
        summary: "How many days raw events are kept (the daily totals stay)",
        response: { 200: numbersSettingsSchema, ...ADMIN_ERRORS },
      },
    },
    () => numbers.settings(),
  );

  app.put(
    "/numbers/settings",
    {
      schema: {
        tags,
        summary: "Change how many days raw events are kept (7 to 730)",
        body: numbersSettingsSchema,
        response: { 200: numbersSettingsSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => numbers.writeSettings(signedInUser(request), request.body),
  );
}
