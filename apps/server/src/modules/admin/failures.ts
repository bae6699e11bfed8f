/**
 * Moved to lib/failures.ts (the domain modules' back-office writes need it too). This re-export keeps the
 * products and orders files working until their own move; delete it once nothing imports it.
 */
export * from "../../lib/failures";
