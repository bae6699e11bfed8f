import { adminNdrActionResultSchema, adminNdrListSchema, errorBodySchema, ndrIdParams } from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/** The seller's queue of failed deliveries (NDRs) and the one-click answer to the courier (decision 090). */
export async function adminFailedDeliveryRoutes(app: AdminApp): Promise<void> {
  const service = app.services.shipping.failedDeliveries;
  const tags = ["admin", "admin shipments"];
  const errors = { ...ADMIN_ERRORS, 422: errorBodySchema, 503: errorBodySchema };

  app.get(
    "/failed-deliveries",
    {
      schema: {
        tags,
        summary: "Open failed deliveries: the courier's reason, the attempt, the shopper's answer and its age",
        response: { 200: adminNdrListSchema, ...errors },
      },
    },
    () => service.openQueue(),
  );

  for (const action of ["reattempt", "return"] as const)
    app.post(
      `/failed-deliveries/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === "reattempt"
              ? "Ask the courier to try again, with the shopper's date, address and phone when they answered"
              : "Ask the courier to bring the parcel back (return to origin)",
          params: ndrIdParams,
          response: { 200: adminNdrActionResultSchema, ...errors },
        },
      },
      (request) => app.services.admin.shipments.actOnFailedDelivery(signedInUser(request), request.params.id, action),
    );
}
