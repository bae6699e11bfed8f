/** Every back-office payload: one schema per form and route (products, orders, content, dashboard, audit). */
export * from "./admin-common";
export * from "./admin-products";
export * from "./admin-orders";
export * from "./admin-content";
export * from "./admin-sales";
export * from "./admin-delivery-outcomes";
export * from "./admin-tax";
export * from "./admin-people";
export * from "./admin-tax-rules";
export * from "./gst-documents";
export * from "./delivery-correction";
export * from "./admin-notified-values";
