import { createContext } from "react";
import type { FooterContent } from "../components/layout/footer-content";
import type { ProductPromises } from "../components/product/product-promises";
import type { ProductReviews } from "../components/product/product-reviews";

/**
 * Parts of a page the server renders and the browser keeps as HTML, loading their code only when it needs
 * it (decision 112). The server's entry (entry.server.tsx, only in the server's build) hands them over here:
 * a browser module that imported them, even behind `import.meta.env.SSR`, would carry them in its chunk.
 * In the browser there are none (null).
 */
export interface ServerParts {
  FooterContent: typeof FooterContent;
  ProductReviews: typeof ProductReviews;
  ProductPromises: typeof ProductPromises;
}

export const ServerPartsContext = createContext<ServerParts | null>(null);
