import type { AppConfig } from "./config";
import type { Db } from "./db/client";
import { createAccountsService } from "./modules/accounts/service";
import { createCartService } from "./modules/cart/service";
import { createCatalogService } from "./modules/catalog/service";
import { createContentService } from "./modules/content/service";
import { createGeoService } from "./modules/geo/service";
import { createPromoService } from "./modules/promo/service";
import { createSearchService } from "./modules/search/service";
import { createSeoService } from "./modules/seo/service";

/** Every service the routes and the SSR loaders call, built once per app over one database. */
export function createServices(db: Db, config: AppConfig) {
  const cart = createCartService(db);
  return {
    catalog: createCatalogService(db),
    search: createSearchService(db),
    content: createContentService(db),
    seo: createSeoService(db),
    geo: createGeoService(),
    cart,
    promo: createPromoService(db, cart),
    accounts: createAccountsService(db, { publicUrl: config.publicUrl, cart }),
  };
}

export type StoreServices = ReturnType<typeof createServices>;
