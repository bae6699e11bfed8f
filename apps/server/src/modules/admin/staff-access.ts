import type { FastifyReply, FastifyRequest } from "fastify";
import { STAFF_ORDER_TARGETS } from "@store/shared";
import { AppError } from "../../errors";

/**
 * What a `staff` account may do in the back office: the ONE allowlist (decision 027). The owner (`admin`)
 * may do everything; staff only what is listed here, by method and route pattern as registered under
 * `/api/admin`. Anything not listed, including every route added later, is owner-only (default deny).
 * Staff fulfil orders: they see orders, products and queries, ship and deliver, and handle queries; they do
 * not change prices or products, promo codes, content, settings or staff, nor cancel or refund.
 */
export interface StaffRule {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Fastify's route pattern (`:id`); the OpenAPI document writes the same path with `{id}`. */
  url: string;
  /** A rule on the validated body (checked after validation, before the handler). */
  body?: (body: unknown) => boolean;
  /** A body this rule lets through, for the generated guard test. */
  allowedExample?: unknown;
  /** A body it refuses, for the same test. */
  refusedExample?: unknown;
}

export const STAFF_RULES: readonly StaffRule[] = [
  { method: "GET", url: "/api/admin/dashboard" },
  { method: "GET", url: "/api/admin/orders" },
  { method: "GET", url: "/api/admin/orders/:id" },
  // The tax invoice and credit notes, to print with the parcel; issuing one is the owner's.
  { method: "GET", url: "/api/admin/orders/:id/invoice.pdf" },
  { method: "GET", url: "/api/admin/invoices/:id.pdf" },
  { method: "GET", url: "/api/admin/credit-notes/:id.pdf" },
  {
    method: "POST",
    url: "/api/admin/orders/:id/status",
    body: (body) =>
      (STAFF_ORDER_TARGETS as readonly string[]).includes((body as { status?: string } | null)?.status ?? ""),
    allowedExample: { status: "delivered" },
    refusedExample: { status: "cancelled" },
  },
  // Fulfilment: ship several orders at once, and correct a shipped order's tracking number.
  { method: "POST", url: "/api/admin/orders/ship" },
  { method: "PATCH", url: "/api/admin/orders/:id/tracking" },
  // The courier: book the parcels, print their labels, ask for the pickup (the simulator's buttons are the owner's).
  { method: "POST", url: "/api/admin/shipments" },
  { method: "POST", url: "/api/admin/shipments/labels" },
  { method: "GET", url: "/api/admin/shipments/labels.pdf" },
  // An international parcel's customs papers, printed with its label.
  { method: "GET", url: "/api/admin/orders/:id/commercial-invoice.pdf" },
  { method: "GET", url: "/api/admin/orders/:id/packing-list.pdf" },
  { method: "POST", url: "/api/admin/shipments/pickup" },
  // Failed deliveries: whoever packs the parcels answers the courier (reattempt or return), as they book them.
  { method: "GET", url: "/api/admin/failed-deliveries" },
  { method: "POST", url: "/api/admin/failed-deliveries/:id/reattempt" },
  { method: "POST", url: "/api/admin/failed-deliveries/:id/return" },
  // The e-way bill a high-value parcel needs before it is booked: its number, and the portal's JSON to make it.
  // Correcting the delivery address is the owner's.
  { method: "PUT", url: "/api/admin/orders/:id/e-way-bill" },
  { method: "POST", url: "/api/admin/orders/:id/address-check" },
  { method: "GET", url: "/api/admin/orders/:id/e-way-bill.json" },
  // Returns at the packing table: see them, take a parcel in, book a pickup or an exchange's parcel again.
  // Approving, refusing and paying a refund are the owner's.
  { method: "GET", url: "/api/admin/returns" },
  { method: "POST", url: "/api/admin/returns/:id/receive" },
  { method: "POST", url: "/api/admin/returns/:id/pickup" },
  { method: "POST", url: "/api/admin/returns/:id/ship-exchange" },
  { method: "GET", url: "/api/admin/products" },
  { method: "GET", url: "/api/admin/products/:id" },
  { method: "GET", url: "/api/admin/queries" },
  { method: "POST", url: "/api/admin/queries/:id/handled" },
];

export const OWNER_ONLY_MESSAGE = "This needs the owner's account.";

const ownerOnly = () => new AppError("forbidden", OWNER_ONLY_MESSAGE, "OWNER_ONLY");

function ruleFor(request: FastifyRequest): StaffRule | undefined {
  const url = request.routeOptions.url;
  return STAFF_RULES.find((rule) => rule.method === request.method && rule.url === url);
}

/** onRequest, after the admin guard: staff outside the allowlist get a 403 before any body is read. */
export async function staffRouteGate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.user?.role !== "staff") return;
  if (!ruleFor(request)) throw ownerOnly();
}

/** preHandler: the body-dependent rules (e.g. staff may ship or deliver an order but not cancel it). */
export async function staffBodyGate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.user?.role !== "staff") return;
  const rule = ruleFor(request);
  if (!rule || (rule.body && !rule.body(request.body))) throw ownerOnly();
}
