import type { AppConfig } from "@store/server/config";
import type { StoreServices } from "@store/server/services";

/** What the server hands every loader: the services, called in process (types only; no server code ships to the browser). */
declare module "react-router" {
  interface AppLoadContext {
    services: StoreServices;
    config: AppConfig;
  }
}

export {};
