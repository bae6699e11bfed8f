import type { AppConfig } from "@store/server/config";
import type { ServiceLog } from "@store/server/log";
import type { StoreServices } from "@store/server/services";
import type { CurrencyDecision } from "@store/shared";

/**
 * What the server hands every loader (types only; no server code ships to the browser): the services,
 * called in process, the request's own logger (pino, bound to the request id), the nonce the page's
 * Content-Security-Policy allows inline scripts with, and the currency the server decided for this request
 * (decision 044), which every loader prices in.
 */
declare module "react-router" {
  interface AppLoadContext {
    services: StoreServices;
    config: AppConfig;
    log: ServiceLog;
    nonce: string;
    currency: CurrencyDecision;
    /** The shopper's country (ISO alpha-2) from the CDN's header or the IP, or null when unknown (decision 080). */
    country: string | null;
  }
}

export {};
