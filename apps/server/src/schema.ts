/** The one Drizzle schema: every module's tables. drizzle-kit reads this file to generate migrations. */
export * from "./modules/catalog/tables";
export * from "./modules/search/tables";
export * from "./modules/content/tables";
export * from "./modules/accounts/tables";
export * from "./modules/settings/tables";
export * from "./modules/cart/tables";
export * from "./modules/promo/tables";
export * from "./modules/orders/tables";
export * from "./modules/invoices/tables";
export * from "./modules/checkout/tables";
export * from "./modules/payments/tables";
export * from "./modules/payments/simulator/tables";
export * from "./email/tables";
export * from "./modules/admin/tables";
export * from "./db/install-settings";
export * from "./db/scheduled-jobs";
