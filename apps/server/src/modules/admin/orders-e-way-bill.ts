import type { AdminOrderDetail, EWayBillNumber } from "@store/shared";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import { istDayOf } from "../../lib/seller-time";
import type { SessionUser } from "../accounts/service";
import type { PincodePlace } from "../geo/pincodes";
import { eWayBillFile, recordEWayBill } from "../invoices/e-way-bill";
import { lockOrder } from "../orders/transitions";
import { hasOrderParcel } from "../shipping/book";
import { courierOfOrder } from "../shipping/views";
import { recordAudit } from "./audit";

/** Where the courier picks parcels up, and India Post's directory to place it. */
export interface DispatchPoint {
  pincode: string;
  place: (pin: string) => Promise<PincodePlace | null>;
}

/**
 * The e-way bill of an order whose consignment needs one (decision 061): its number entered on the order
 * (audited; the booking sends it to the courier) and its data in the portal's bulk JSON, from the invoice.
 */
export function createEWayBillAdmin(
  db: Db,
  reader: { detail: (id: number) => Promise<AdminOrderDetail> },
  dispatch: DispatchPoint,
) {
  return {
    /** `PUT /api/admin/orders/:id/e-way-bill`: refused once a parcel carries the number. */
    async recordNumber(actor: SessionUser, id: number, input: EWayBillNumber, now = new Date()) {
      await db.transaction(async (tx) => {
        if ((await lockOrder(tx, id)) && (await hasOrderParcel(tx, id)))
          throw refusal(
            "conflict",
            "ALREADY_BOOKED",
            `Order ${id}'s parcel is booked with the courier, which has its e-way bill: the number can no longer be changed here.`,
          );
        const { before, after } = await recordEWayBill(tx, id, input.number, istDayOf(now));
        await recordAudit(tx, actor, {
          action: "order:e-way-bill",
          entity: "order",
          entityId: id,
          before: { e_way_bill: before },
          after: { e_way_bill: after },
        });
      });
      return reader.detail(id);
    },

    /** `GET /api/admin/orders/:id/e-way-bill.json`: the file to upload on the portal's bulk generation. */
    async file(id: number, now = new Date()) {
      const from = await dispatch.place(dispatch.pincode);
      return eWayBillFile(
        db,
        id,
        istDayOf(now),
        { pincode: dispatch.pincode, place: from?.city ?? "", stateCode: from?.state_code ?? "" },
        await courierOfOrder(db, id),
      );
    },
  };
}
