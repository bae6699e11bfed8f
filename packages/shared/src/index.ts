export * from "./constants";
export * from "./money";
export * from "./categories";
export * from "./schemas/catalog";
export * from "./schemas/errors";
export * from "./seller";
