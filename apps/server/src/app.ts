import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { constants as zlib } from "node:zlib";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { mediaRoutes } from "./media/routes";
import { accountsRoutes } from "./modules/accounts/routes";
import { ADMIN_PREFIX, adminRoutes } from "./modules/admin/routes";
import { cartReminderClockRoutes } from "./modules/cart/reminder-clock";
import { cartRoutes } from "./modules/cart/routes";
import { catalogRoutes } from "./modules/catalog/routes";
import { checkoutRoutes } from "./modules/checkout/routes";
import { contentRoutes } from "./modules/content/routes";
import { geoRoutes } from "./modules/geo/routes";
import { healthRoutes } from "./modules/health/routes";
import { invoiceRoutes } from "./modules/invoices/routes";
import { orderRoutes } from "./modules/orders/routes";
import { returnRoutes } from "./modules/returns/routes";
import { storeCreditRoutes } from "./modules/store-credit/routes";
import { giftCardRoutes } from "./modules/gift-cards/routes";
import { tradeRoutes } from "./modules/trade/routes";
import { payNowRoutes } from "./modules/pay-now/routes";
import { quoteRoutes } from "./modules/quotes/routes";
import { payNowClockRoutes } from "./modules/pay-now/clock-routes";
import { reviewRoutes } from "./modules/reviews/routes";
import { paymentsRoutes } from "./modules/payments/routes";
import { loadSimulatorCredentials } from "./modules/payments/simulator/credentials";
import { paymentSimulatorPlugin } from "./modules/payments/simulator/plugin";
import type { PaymentProviderPlugin } from "./modules/payments/registry";
import { webhookRoutes } from "./modules/payments/webhook-routes";
import { shippingWebhookRoutes } from "./modules/shipping/routes";
import { failedDeliveryRoutes } from "./modules/shipping/ndr-routes";
import { addressCheckRoutes } from "./modules/shipping/address-check-routes";
import { loadCarrierSimulatorSecrets, type CarrierRegistry } from "./modules/shipping/registry";
import { carrierSimulatorsPlugin } from "./modules/shipping/simulators";
import { promoRoutes } from "./modules/promo/routes";
import { wishlistRoutes } from "./modules/wishlist/routes";
import { numbersRoutes } from "./modules/numbers/routes";
import { searchRoutes } from "./modules/search/routes";
import { seoRoutes } from "./modules/seo/routes";
import { feedRoutes } from "./modules/feeds/routes";
import { authPlugin } from "./modules/accounts/auth-plugin";
import { loadNotificationLinksSecret } from "./modules/accounts/notification-preferences";
import { notificationRoutes } from "./modules/accounts/notification-routes";
import { whatsappWebhookRoutes } from "./whatsapp/routes";
import { loadWhatsAppSimulatorCredentials } from "./whatsapp/setup";
import { whatsappSimulatorPlugin } from "./whatsapp/simulator/plugin";
import { errorOptions, registerErrorHandling } from "./plugins/errors";
import { installSecret } from "./db/install-settings";
import { SIMULATOR_SECRET_KEY, simulatorControl } from "./http/simulator-control";
import { replicasPlugin } from "./plugins/replicas";
import { securityHeadersPlugin } from "./plugins/security";
import { ssrPlugin, type SsrMode } from "./plugins/ssr";
import { startJobs, storeJobs } from "./jobs";
import { createServices, type StoreServices } from "./services";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    services: StoreServices;
    /** Set when the process has been asked to stop: /readyz answers 503 so the load balancer moves on. */
    lifecycle: { draining: boolean };
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An open, migrated database; the app closes it when it closes. */
  database: Database;
  /** How pages are rendered: from the production build, through Vite in development, or not at all (API tests). */
  ssr?: SsrMode;
  logger?: boolean;
  /** Where the log lines go instead of standard output (a test that reads them). */
  logStream?: { write(line: string): void };
  /** Timers (jobs.ts: the e-mail outbox, order expiry, refund retries, housekeeping); off in tests, which run them by hand. */
  backgroundJobs?: boolean;
  /** The payment providers, if not those of `modules/payments/providers.ts` (a test registers its own). */
  paymentProviders?: readonly PaymentProviderPlugin[];
  /** The carriers and which books each method, if not `modules/shipping/carriers.ts`'s (a test registers its own). */
  shippingCarriers?: CarrierRegistry;
}

/** Builds the whole store (API, media, pages) without listening; server.ts and the tests both use it. */
export async function buildApp({
  config,
  database,
  ssr = "none",
  logger = true,
  logStream,
  backgroundJobs = config.env !== "test",
  paymentProviders,
  shippingCarriers,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && { level: config.logLevel, ...(logStream && { stream: logStream }) },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    ...errorOptions,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("lifecycle", { draining: false });
  const simulator = config.simulator ? await loadSimulatorCredentials(database.db) : undefined;
  const courierSimulator = config.simulator ? await loadCarrierSimulatorSecrets(database.db) : undefined;
  const whatsappSimulator = config.simulator ? await loadWhatsAppSimulatorCredentials(database.db) : undefined;
  const notificationLinks = await loadNotificationLinksSecret(database.db);
  // The simulators' controls open to the owner's session or this install's own secret (decision 062).
  const control = config.simulator
    ? simulatorControl(await installSecret(database.db, SIMULATOR_SECRET_KEY), async (request) => {
        await app.optionalUser(request);
        return request.user?.role === "admin";
      })
    : undefined;
  app.decorate(
    "services",
    createServices(
      database.db,
      config,
      app.log,
      { simulator, courierSimulator, whatsappSimulator, notificationLinks },
      { paymentProviders, shippingCarriers },
    ),
  );
  app.addHook("onClose", () => database.close());
  registerErrorHandling(app);

  await app.register(securityHeadersPlugin, { config, providers: app.services.payments.gateway.widgetOrigins });
  // Flushing after every chunk keeps React's streamed HTML streaming through compression.
  await app.register(compress, {
    zlibOptions: { flush: zlib.Z_SYNC_FLUSH },
    brotliOptions: { flush: zlib.BROTLI_OPERATION_FLUSH, params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(replicasPlugin);
  await app.register(swagger, {
    openapi: { info: { title: "Store API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(searchRoutes);
  await app.register(contentRoutes);
  await app.register(seoRoutes);
  await app.register(feedRoutes);
  await app.register(geoRoutes);
  await app.register(accountsRoutes);
  await app.register(cartRoutes);
  await app.register(promoRoutes);
  await app.register(wishlistRoutes);
  await app.register(numbersRoutes);
  await app.register(checkoutRoutes);
  await app.register(orderRoutes);
  await app.register(returnRoutes);
  await app.register(storeCreditRoutes);
  await app.register(giftCardRoutes);
  await app.register(tradeRoutes);
  await app.register(payNowRoutes);
  await app.register(quoteRoutes);
  await app.register(reviewRoutes);
  await app.register(invoiceRoutes);
  await app.register(paymentsRoutes);
  await app.register(webhookRoutes);
  await app.register(shippingWebhookRoutes);
  await app.register(failedDeliveryRoutes);
  await app.register(addressCheckRoutes);
  await app.register(notificationRoutes);
  const { whatsapp } = app.services;
  await app.register(whatsappWebhookRoutes, {
    db: database.db,
    appSecret: whatsapp.appSecret,
    verifyToken: whatsapp.verifyToken,
  });
  await app.register(adminRoutes, { prefix: ADMIN_PREFIX });
  if (control) {
    if (simulator && app.services.payments.gateway.usesSimulator)
      await app.register(paymentSimulatorPlugin, {
        credentials: simulator,
        control,
        plugins: app.services.payments.gateway.plugins,
      });
    await app.register(carrierSimulatorsPlugin, { simulators: app.services.shipping.gateway.simulators, control });
    if (whatsapp.simulator)
      await app.register(whatsappSimulatorPlugin, { db: database.db, credentials: whatsapp.simulator, control });
    // The cart reminders' clock for tests and the demo: with the simulators, never in production.
    await app.register(cartReminderClockRoutes, { control });
    // The same for the "pay now" nudges (decision 094).
    await app.register(payNowClockRoutes, { control });
  }
  if (backgroundJobs) {
    let jobs: ReturnType<typeof startJobs> | undefined;
    app.addHook(
      "onReady",
      async () =>
        void (jobs = startJobs(
          database.db,
          storeJobs(database.db, app.services, app.config.outboxEveryMs, database.kind === "pglite"),
          app.log,
        )),
    );
    app.addHook("preClose", async () => {
      await jobs?.stop();
      app.services.outbox.close();
    });
  }

  // The numbers' waiting events are written before the database closes (decision 105).
  app.addHook("preClose", async () => app.services.numbers.flush());
  app.addHook("onClose", async () => app.services.media.close());
  await app.register(mediaRoutes, { store: app.services.media });

  if (ssr !== "none") await app.register(ssrPlugin, { mode: ssr });
  return app;
}
