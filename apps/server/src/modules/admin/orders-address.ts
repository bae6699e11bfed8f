import type { AdminOrderDetail, DeliveryCorrection, DeliveryCorrectionResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import type { SessionUser } from "../accounts/service";
import { checkDeliveryAddress } from "../checkout/delivery-address";
import type { DeliveryPromises } from "../geo/delivery-promise";
import { followAddressCorrection } from "../invoices/address-correction";
import { invoiceOfOrder } from "../invoices/read";
import { deliveryAddressOf, lockOrderToCorrect, saveDeliveryAddress } from "../orders/delivery-correction";
import { hasOrderParcel } from "../shipping/book";
import { recordAudit } from "./audit";

/**
 * The owner corrects a paid order's delivery address before it ships (issue 38, decision 061): the checkout's
 * checks (India Post's directory, the city question, the courier's serviceability and cash on delivery), then
 * in one transaction the address, what it does to the invoice (invoices/address-correction.ts) and the audit
 * row with both addresses and both invoice numbers.
 */
export function createAddressCorrection(
  db: Db,
  reader: { detail: (id: number) => Promise<AdminOrderDetail> },
  delivery: DeliveryPromises,
) {
  return {
    async correctAddress(
      actor: SessionUser,
      id: number,
      input: DeliveryCorrection,
      now = new Date(),
    ): Promise<DeliveryCorrectionResponse> {
      const current = await reader.detail(id);
      // Outside any transaction: the courier may be slow, and a refusal changes nothing.
      const { city_confirmed: _confirmed, ...address } = await checkDeliveryAddress(
        delivery,
        { ...input, delivery_country: "IN", payment_method: current.payment_method, currency: current.currency },
        now,
      );

      const note = await db.transaction(async (tx) => {
        const order = await lockOrderToCorrect(tx, id);
        if (await hasOrderParcel(tx, id))
          throw refusal(
            "conflict",
            "ALREADY_BOOKED",
            `Order ${id}'s parcel is booked with the courier: its address can no longer be corrected here.`,
          );
        const invoiceBefore = (await invoiceOfOrder(tx, id))?.number ?? null;
        const before = deliveryAddressOf(order);
        const after = {
          name: address.name,
          delivery_address: address.delivery_address,
          country_code: address.country_code,
          mobile_number: address.mobile_number,
          pin_code: address.pin_code,
          city: address.city,
          state: address.state,
        };
        await saveDeliveryAddress(tx, id, after);
        const invoiceNote = await followAddressCorrection(tx, id, now);
        await recordAudit(tx, actor, {
          action: "order:address",
          entity: "order",
          entityId: id,
          before: { ...before, invoice_number: invoiceBefore },
          after: { ...after, invoice_number: (await invoiceOfOrder(tx, id))?.number ?? null },
        });
        return invoiceNote;
      });
      return { order: await reader.detail(id), invoice_note: note };
    },
  };
}
