import { ORDER_STATUS_LABELS, RECALLED_PARCEL_LABELS, type OrderTimelineEntry } from "@store/shared";
import type { AppConfig } from "./config";
import type { Db } from "./db/client";
import { createAccountsService } from "./modules/accounts/service";
import { createAdminServices } from "./modules/admin/service";
import { createReminderLinks } from "./modules/cart/reminder-links";
import { createCartService } from "./modules/cart/service";
import { createCatalogService } from "./modules/catalog/service";
import { createOrderLookup } from "./modules/orders/lookup";
import { createOrdersReader, type OrderAccess } from "./modules/orders/reader";
import { createCheckoutService } from "./modules/checkout/service";
import { createInvoiceService } from "./modules/invoices/service";
import { createOutboxWorker } from "./email/worker";
import { createMediaStore } from "./media/store";
import { createPaymentGateway } from "./modules/payments/gateway";
import { silentLog, type ServiceLog } from "./log";
import { createPaymentsService } from "./modules/payments/service";
import type { SimulatorCredentials } from "./modules/payments/simulator/credentials";
import type { PaymentProviderPlugin } from "./modules/payments/registry";
import { bankTransferOfOrder } from "./modules/payments/bank-transfer";
import { createContentService } from "./modules/content/service";
import { createGeoService } from "./modules/geo/service";
import { createDeliveryPromises } from "./modules/geo/delivery-promise";
import { lazyPincodes } from "./modules/geo/pincodes";
import { createPromoService } from "./modules/promo/service";
import { createSearchService } from "./modules/search/service";
import { createSeoService } from "./modules/seo/service";
import { createFeedService } from "./modules/feeds/service";
import { createWishlistService } from "./modules/wishlist/service";
import { createNumbersService } from "./modules/numbers/service";
import { createStockAlerts } from "./modules/wishlist/stock-alerts";
import { createShippingGateway } from "./modules/shipping/gateway";
import { createReturnsService } from "./modules/returns/service";
import { createStoreCreditService } from "./modules/store-credit/service";
import { createGiftCardsService } from "./modules/gift-cards/service";
import { giftCardWebhookCapture } from "./modules/gift-cards/settle";
import { createPayNowService } from "./modules/pay-now/service";
import { createQuoteService } from "./modules/quotes/service";
import { payNowWebhookCapture } from "./modules/pay-now/settle";
import { returnRefundMade } from "./modules/returns/review";
import { createReviewsService } from "./modules/reviews/service";
import { courierServiceability } from "./modules/shipping/serviceability";
import { createAddressCheckService } from "./modules/shipping/address-checks";
import { createShippingService } from "./modules/shipping/service";
import type { CarrierRegistry, CarrierSimulatorSecrets } from "./modules/shipping/registry";
import { createNotificationLinks, emailContact } from "./modules/accounts/notification-preferences";
import { createNotificationSettings } from "./modules/accounts/notification-settings";
import { createWhatsAppSetup, type WhatsAppSimulatorCredentials } from "./whatsapp/setup";
import { createWhatsAppWorker } from "./whatsapp/worker";
import { approvedTradeBuyer } from "./modules/trade/pricing";
import { createTradeService } from "./modules/trade/routes-service";

/** This install's secrets, read (or made) once at start-up by app.ts: no request writes one. */
export interface InstallSecrets {
  /** The payment simulator's credentials, when the simulator may run. */
  simulator?: SimulatorCredentials;
  /** The carriers' simulators' secrets, when the simulators may run. */
  courierSimulator?: CarrierSimulatorSecrets;
  whatsappSimulator?: WhatsAppSimulatorCredentials;
  /** Signs the opt-out links in order updates, the cart reminders' restore links and the stock alerts' confirmation links. */
  notificationLinks: string;
}

/**
 * Every service the routes and the SSR loaders call, built once per app over one database.
 */
export function createServices(
  db: Db,
  config: AppConfig,
  log: ServiceLog = silentLog,
  secrets: InstallSecrets,
  /** The payment providers and the carriers, if not the registered ones (a test adds its own). */
  registries: { paymentProviders?: readonly PaymentProviderPlugin[]; shippingCarriers?: CarrierRegistry } = {},
) {
  const { paymentProviders, shippingCarriers } = registries;
  const { simulator, courierSimulator, whatsappSimulator } = secrets;
  const cart = createCartService(db, createReminderLinks(secrets.notificationLinks), config.abuse.cartReminders);
  const gateway = createPaymentGateway(config, simulator, paymentProviders);
  const giftCardWebhook = giftCardWebhookCapture(db);
  const payNowWebhook = payNowWebhookCapture(db);
  // A return's refund, once the provider has made it, makes the return refunded (a layer above payments).
  const payments = createPaymentsService(db, {
    gateway,
    log,
    refundTries: config.refundTries,
    onRefundMade: returnRefundMade,
    // A webhook's capture for a gift card's provider order settles the card, and one for a "pay now" link's
    // provider order converts its cash-on-delivery order (layers above payments).
    onOtherCapture: async (provider, capture) =>
      (await giftCardWebhook(provider, capture)) || (await payNowWebhook(provider, capture)),
  });
  const payNow = createPayNowService(db, { payments, log });
  const giftCards = createGiftCardsService(db, { payments, log, limits: config.abuse.giftCardRedeems });
  // The local folder or the S3 bucket; app.ts serves /media/* from it and closes it.
  const media = createMediaStore(config);
  const invoices = createInvoiceService(db);
  const ordersReader = createOrdersReader(db);
  // Links in order updates: to our pages, and each recipient's signed opt-out link (read per message: tests
  // learn the address after listening).
  const storeUrl = () => config.publicUrl.replace(/\/+$/, "");
  const notificationLinks = createNotificationLinks(secrets.notificationLinks, storeUrl);
  const whatsapp = createWhatsAppSetup(config, log, whatsappSimulator);
  const shipping = createShippingService(db, {
    gateway: createShippingGateway(config, db, log, courierSimulator, shippingCarriers),
    log,
    pickupLocation: config.shipping.pickupLocation,
  });
  // India Post's directory and the delivery promise, from the courier's serviceability (or the policy's days).
  const delivery = createDeliveryPromises(lazyPincodes(), {
    serviceability: courierServiceability(shipping.gateway, config.shipping.pickupPincode),
  });
  const addressChecks = createAddressCheckService(db, delivery);
  const returns = createReturnsService(db, { media, bookParcel: shipping.bookReturnParcel, log });
  const reviews = createReviewsService(db, { media });
  const storeCredit = createStoreCreditService(db);
  const quotes = createQuoteService(db);
  const numbers = createNumbersService(db, log);
  return {
    catalog: createCatalogService(db),
    search: createSearchService(db),
    content: createContentService(db),
    seo: createSeoService(db),
    feeds: createFeedService(db, config.publicUrl),
    geo: createGeoService(),
    delivery,
    cart,
    promo: createPromoService(db, cart),
    wishlist: createWishlistService(db),
    numbers,
    stockAlerts: createStockAlerts(db, { secret: secrets.notificationLinks, ...config.abuse.stockAlerts }),
    accounts: createAccountsService(db, { publicUrl: config.publicUrl, cart, loginThrottle: config.loginThrottle }),
    checkout: createCheckoutService(db, {
      gateway,
      log,
      limits: config.checkout,
      codCodes: config.abuse.codCodes,
      whatsappOn: whatsapp.sender.kind !== "log",
      delivery,
      // Who may pay by bank transfer (decision 098): approved trade buyers (decision 097).
      mayPayByBankTransfer: async (accountId) =>
        accountId !== null && (await approvedTradeBuyer(db, accountId)) !== null,
    }),
    // A shopper's order with its courier's steps, tax invoice, credit notes, returns and the lines it may
    // review (their layers sit above the orders reader).
    orders: {
      ...ordersReader,
      lookup: createOrderLookup(db, config.abuse.orderLookups),
      get: async (access: OrderAccess, orderId: number) => {
        const order = await ordersReader.get(access, orderId);
        const { tracking, courierSteps, recalled } = await shipping.shopperTracking(orderId, order.customs);
        const timeline = withCourierSteps(order.timeline, courierSteps, recalled !== null);
        return {
          ...order,
          // A cancelled order's parcel on its way back is said beside its status (decision 059).
          status_label: recalled ? `${order.status_label}: ${RECALLED_PARCEL_LABELS[recalled]}` : order.status_label,
          timeline,
          tracking: tracking ?? order.tracking,
          failed_delivery: await shipping.failedDeliveries.openForOrder(orderId),
          ...(await invoices.shopperLinks(orderId)),
          ...(await returns.forOrder(orderId)),
          ...(await reviews.forOrder(orderId)),
          bank_transfer: await bankTransferOfOrder(db, orderId),
        };
      },
    },
    invoices,
    payments,
    shipping,
    addressChecks,
    returns,
    reviews,
    storeCredit,
    giftCards,
    payNow,
    quotes,
    media,
    // The confirmation e-mail's invoice is rendered when the e-mail is sent, from the invoice row.
    outbox: createOutboxWorker(db, {
      smtpUrl: config.smtpUrl,
      log,
      leaseSeconds: config.outboxLeaseSeconds,
      attachments: { invoice: invoices.invoicePdfById },
      optOutLink: (to) => notificationLinks.optOutUrl("email", emailContact(to)),
      storeUrl,
    }),
    notifications: createNotificationSettings(db, notificationLinks),
    // WhatsApp order updates: the Cloud API, its simulator or the log (whatsapp/setup.ts), through their outbox.
    whatsapp: {
      ...whatsapp,
      outbox: createWhatsAppWorker(db, {
        sender: whatsapp.sender,
        log,
        optOutLink: (to) => notificationLinks.optOutUrl("whatsapp", to),
        storeUrl,
        leaseSeconds: config.outboxLeaseSeconds,
      }),
    },
    trade: createTradeService(db),
    // The admin's cancellations give money back through the same refund as a sold-out race.
    admin: createAdminServices(db, {
      media,
      refunds: payments.refunds,
      offlinePayment: gateway.offline,
      publicUrl: config.publicUrl,
      invoices,
      shipping,
      returns,
      storeCredit,
      giftCards,
      delivery,
      addressChecks,
      payNow,
      quotes,
      numbers,
      pickupPincode: config.shipping.pickupPincode,
    }),
  };
}

/**
 * The courier's steps belong between the order's "Shipped" and its next step (delivered, returned): placed
 * there in their own order rather than sorted by time, as the courier's clock is not ours. A parcel called back
 * (the order cancelled on its way) interleaves with the cancellation and the refund by time instead.
 */
function withCourierSteps(
  timeline: OrderTimelineEntry[],
  courierSteps: OrderTimelineEntry[],
  recalled: boolean,
): OrderTimelineEntry[] {
  const shipped = timeline.findLastIndex((step) => step.label === ORDER_STATUS_LABELS.shipped);
  if (shipped < 0) return timeline;
  const after = timeline.slice(shipped + 1);
  // A parcel called back after the order was cancelled comes back after the cancellation: in time order there.
  if (recalled)
    return [...timeline.slice(0, shipped + 1), ...[...courierSteps, ...after].sort((a, b) => a.at.localeCompare(b.at))];
  return [...timeline.slice(0, shipped + 1), ...courierSteps, ...after];
}

export type StoreServices = ReturnType<typeof createServices>;
