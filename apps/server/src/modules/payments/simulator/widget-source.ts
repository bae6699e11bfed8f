import { readFileSync } from "node:fs";

/** A simulated provider's browser widget (a file of `widgets/`), read when first served. */
export function widgetSource(file: string): () => string {
  let source: string | undefined;
  return () => (source ??= readFileSync(new URL(`./widgets/${file}`, import.meta.url), "utf8"));
}
