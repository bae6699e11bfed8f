import { z } from "zod";
import { CURRENCIES } from "../constants";
import { ORDER_STATUSES } from "../order-status";
import { BACK_OFFICE_ROLES, emailSchema } from "./accounts";
import { adminPageMeta, adminPageQuery } from "./admin-common";
import { searchText, text } from "./input-rules";

/**
 * The back office's people and settings payloads (issue 13 points 11 and 12): customers, the audit-log
 * filters, staff accounts and the seller's settings. One schema per form and route.
 */

/** `GET /api/admin/customers?query&page&page_size` */
export const customerListQuerySchema = adminPageQuery.extend({
  query: searchText("query", 100).optional(),
});

/** What one currency's orders came to: spend is never added across currencies. */
export const customerSpendSchema = z.object({
  currency: z.enum(CURRENCIES),
  orders: z.number().int(),
  /** Minor units (paise, cents) of the placed orders' totals. */
  total_minor: z.number().int(),
});

/**
 * A customer: an account, or a guest e-mail, that placed at least one order (unplaced checkouts do not
 * count). `key` names it in the detail route: `user-<id>` or `email-<address>`.
 */
export const customerSchema = z.object({
  key: z.string(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  orders: z.number().int(),
  spend: z.array(customerSpendSchema),
  last_order_at: z.string(),
});
export const customerListResponseSchema = adminPageMeta.extend({ data: z.array(customerSchema) });

/** `GET /api/admin/customers/:key` */
export const customerKeyParams = z.object({
  key: text("key", 300).pipe(z.string().regex(/^(user-\d{1,9}|email-.+@.+)$/, "Not a customer's key")),
});
export const customerOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(CURRENCIES),
  total_minor: z.number().int(),
  created_at: z.string(),
});
export const customerDetailSchema = customerSchema.extend({ recent_orders: z.array(customerOrderSchema) });

/** The order moves staff may make: forward along fulfilment, never cancel or refund (the server's allowlist). */
export const STAFF_ORDER_TARGETS = ["shipped", "delivered"] as const;

/** `POST /api/admin/staff`: invite by e-mail (a new account gets a set-password link). */
export const staffInviteSchema = z.object({
  email: emailSchema,
  role: z.enum(BACK_OFFICE_ROLES, { error: "Choose owner or staff" }).default("staff"),
});
/** `PATCH /api/admin/staff/:id` */
export const staffRoleChangeSchema = z.object({
  role: z.enum(BACK_OFFICE_ROLES, { error: "Choose owner or staff" }),
});
export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(BACK_OFFICE_ROLES),
  /** False until the invited person sets a password through the e-mailed link. */
  has_password: z.boolean(),
});
export const staffListResponseSchema = z.object({ data: z.array(staffMemberSchema) });

/** `GET/PUT /api/admin/settings`: where the seller's alerts go and which are on. */
export const sellerSettingsSchema = z.object({
  /** "" means the shop's support address. */
  alert_email: z.union([z.literal(""), emailSchema]),
  alert_new_orders: z.boolean({ error: "Choose on or off" }),
  alert_new_queries: z.boolean({ error: "Choose on or off" }),
});
export const sellerSettingsResponseSchema = sellerSettingsSchema.extend({
  /** Where alerts go now (the support address when alert_email is empty). */
  alerts_to: z.string(),
});

export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export type Customer = z.infer<typeof customerSchema>;
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
export type StaffInvite = z.infer<typeof staffInviteSchema>;
export type StaffRoleChange = z.infer<typeof staffRoleChangeSchema>;
export type StaffMember = z.infer<typeof staffMemberSchema>;
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;
export type SellerSettings = z.infer<typeof sellerSettingsSchema>;
export type SellerSettingsResponse = z.infer<typeof sellerSettingsResponseSchema>;
