import type { Db } from "./db/client";
import { createCatalogService } from "./modules/catalog/service";

/** Every service the routes and the SSR loaders call, built once per app over one database. */
export function createServices(db: Db) {
  return {
    catalog: createCatalogService(db),
  };
}

export type StoreServices = ReturnType<typeof createServices>;
