import type {
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminProduct,
  AuditLogQuery,
  CustomerListQuery,
} from "@store/shared";
import type { Db } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import type { MediaStore } from "../../media/storage";
import { listAuditLog } from "./audit";
import { createContentResources } from "./content-resources";
import { createDashboard } from "./dashboard";
import { notFound } from "../../lib/failures";
import { createInbox } from "./inbox";
import { createOrderReader } from "../orders/admin-read";
import { createSalesReport } from "../orders/sales-report";
import { createDeliveryOutcomes } from "../shipping/delivery-outcomes";
import { customerDetail, listCustomers } from "../orders/customers";
import { createSellerSettingsAdmin } from "./seller-settings";
import { createStaffAdmin } from "./staff";
import { createSizeSchemesAdmin } from "./size-schemes";
import { createTaxDataAdmin } from "./tax-data";
import { createImportRulesAdmin } from "./import-rules";
import { createCodRulesAdmin } from "./cod-rules";
import { createNumbersAdmin } from "./numbers";
import type { NumbersService } from "../numbers/service";
import { createTradeAdmin } from "./trade";
import { moneyOfOrder } from "../payments/order-payments";
import { bankTransferOfOrder } from "../payments/bank-transfer";
import { createBankTransferAdmin } from "./bank-transfer";
import { creditOfOrder } from "../store-credit/ledger";
import { createOrderFulfilment } from "./orders-fulfil";
import { createOrderStatusChanger, type RefundPort } from "./orders-status";
import { listAdminProducts, loadAdminProduct } from "../catalog/admin-read";
import { createProductWriter } from "./products-write";
import { createUploads } from "./uploads";
import type { InvoiceService } from "../invoices/service";
import { createInvoiceIssuer } from "./orders-invoice";
import { createTaxAdmin } from "./tax";
import type { ShippingService } from "../shipping/service";
import { createShipmentAdmin } from "./orders-shipments";
import { recordAudit } from "./audit";
import type { SessionUser } from "../accounts/service";
import type { AddressCheckService } from "../shipping/address-checks";
import type { ReturnsService } from "../returns/service";
import { createReturnsAdmin } from "./returns";
import type { StoreCreditService } from "../store-credit/service";
import { createStoreCreditAdmin } from "./store-credit";
import type { GiftCardsService } from "../gift-cards/service";
import { createGiftCardsAdmin } from "./gift-cards";
import type { PayNowService } from "../pay-now/service";
import type { QuoteService } from "../quotes/service";
import { createQuotesAdmin } from "./quotes";
import { createPayNowAdmin } from "./pay-now";
import type { DeliveryPromises } from "../geo/delivery-promise";
import { eWayBillNeed, eWayBillView } from "../invoices/e-way-bill";
import { hasOrderParcel } from "../shipping/book";
import { createAddressCorrection } from "./orders-address";
import { createEWayBillAdmin } from "./orders-e-way-bill";

export interface AdminServiceOptions {
  /** Where uploads are stored: the local folder or the S3 bucket. */
  media: MediaStore;
  /** The payments module's refund queue; without it a requested refund waits in its row for the scheduled run. */
  refunds?: RefundPort | null;
  /** Whether a payment method is an offline provider's (the payment gateway's `offline`, decision 098). */
  offlinePayment: (method: string) => boolean;
  /** The shop's public address, for the links in staff invitations. */
  publicUrl: string;
  /** The tax invoices and credit notes of orders (their PDFs, and the invoice on the order's page). */
  invoices: InvoiceService;
  /** The courier: parcels, labels, pickups and their tracking on the order's page. */
  shipping: ShippingService;
  /** Shoppers' returns and exchanges, with the courier's pickups. */
  returns: ReturnsService;
  /** Shoppers' store credit: the ledger's reads and the owner's adjustments. */
  storeCredit: StoreCreditService;
  /** Gift card products and the cards sold. */
  giftCards: GiftCardsService;
  /** India Post's directory and the courier's serviceability: an address correction gets checkout's checks. */
  delivery: DeliveryPromises;
  /** Address quality before booking (decision 092): the flag, the seller's message. */
  addressChecks: AddressCheckService;
  /** "Pay now" nudges after cash-on-delivery orders (decision 094): settings and figures. */
  payNow: PayNowService;
  /** The seller's numbers (decision 105): the reports and the retention setting. */
  numbers: NumbersService;
  quotes: QuoteService;
  /** Where the courier picks parcels up: the e-way bill's place of dispatch. */
  pickupPincode: string;
}

/** The back office: every service behind `/api/admin/*`. Each write is audited in its own transaction. */
export function createAdminServices(db: Db, options: AdminServiceOptions) {
  const orderViews = createOrderReader(db);
  const orders = {
    ...orderViews,
    detail: async (id: number) => {
      const order = await orderViews.detail(id);
      const booked = await hasOrderParcel(db, id);
      const confirmed = order.status === "paid" || order.status === "cod_confirmed";
      // An e-way bill is the parcel's: asked for from confirmation on, shown while the parcel travels.
      const moving = confirmed || order.status === "shipped" || order.status === "delivered";
      return {
        ...order,
        ...(await moneyOfOrder(db, id)),
        bank_transfer: await bankTransferOfOrder(db, id),
        store_credit_back_minor: (await creditOfOrder(db, id)).givenBack,
        ...(await options.invoices.adminView(id, order.status, istDayOf(new Date()))),
        shipping: await options.shipping.orderShipping(id),
        e_way_bill: moving ? eWayBillView(await eWayBillNeed(db, id, istDayOf(new Date())), booked) : null,
        can_correct_address: confirmed && !booked && order.delivery.country === "IN",
        address_check: await options.addressChecks.forOrder(id),
      };
    },
    /** The list, each Indian order awaiting booking flagged where its address looks undeliverable. */
    list: async (query: AdminOrderListQuery): Promise<AdminOrderListResponse> => {
      const page = await orderViews.list(query);
      const flags = await options.addressChecks.flagsOf(page.data.map((o) => o.id));
      return { ...page, data: page.data.map((o) => ({ ...o, address_flags: flags.get(o.id) ?? [] })) };
    },
  };
  const changer = createOrderStatusChanger(db, orders, options.refunds ?? null, options.shipping);
  return {
    products: {
      list: listAdminProducts.bind(null, db),
      async get(id: number): Promise<AdminProduct> {
        const product = await loadAdminProduct(db, id);
        if (!product) throw notFound("Product");
        return product;
      },
      ...createProductWriter(db),
    },
    orders: {
      ...orders,
      ...changer,
      ...createOrderFulfilment(db, orders, changer, options.refunds ?? null),
      ...createInvoiceIssuer(db, orders),
      ...createAddressCorrection(db, orders, options.delivery),
      /** The one-click message asking the shopper to confirm a flagged address (decision 092), audited. */
      sendAddressCheck: (actor: SessionUser, id: number) =>
        options.addressChecks.send(actor.id, id, (tx, channel) =>
          recordAudit(tx, actor, {
            action: "order:address-check",
            entity: "order",
            entityId: id,
            before: null,
            after: { address_check_sent: channel },
          }).then(() => undefined),
        ),
      eWayBill: createEWayBillAdmin(db, orders, {
        pincode: options.pickupPincode,
        place: (pin) => options.delivery.place(pin),
      }),
    },
    invoices: options.invoices,
    shipments: createShipmentAdmin(db, options.shipping),
    content: createContentResources(db),
    inbox: createInbox(db),
    dashboard: createDashboard(db),
    sales: createSalesReport(db),
    deliveryOutcomes: createDeliveryOutcomes(db),
    tax: createTaxAdmin(db, options.invoices),
    uploads: createUploads(db, options.media),
    auditLog: (query: AuditLogQuery) => listAuditLog(db, query),
    customers: {
      list: (query: CustomerListQuery) => listCustomers(db, query),
      get: (key: string) => customerDetail(db, key),
    },
    staff: createStaffAdmin(db, { publicUrl: options.publicUrl }),
    settings: createSellerSettingsAdmin(db),
    taxData: createTaxDataAdmin(db),
    importRules: createImportRulesAdmin(db),
    codRules: createCodRulesAdmin(db),
    numbers: createNumbersAdmin(db, options.numbers),
    trade: createTradeAdmin(db),
    sizeSchemes: createSizeSchemesAdmin(db),
    returns: createReturnsAdmin(db, options.returns, options.refunds ?? null, options.offlinePayment),
    storeCredit: createStoreCreditAdmin(db, options.storeCredit),
    giftCards: createGiftCardsAdmin(db, options.giftCards),
    payNow: createPayNowAdmin(db, options.payNow),
    bankTransfer: createBankTransferAdmin(db),
    quotes: createQuotesAdmin(db, options.quotes),
  };
}
