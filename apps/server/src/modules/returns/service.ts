import { and, desc, eq } from "drizzle-orm";
import type {
  AdminReturnView,
  ReturnParcelSent,
  ReturnRequest,
  ReturnStatus,
  ReturnsView,
  ReturnView,
} from "@store/shared";
import type { Db } from "../../db/client";
import type { ServiceLog } from "../../log";
import type { MediaStore } from "../../media/storage";
import { viewableOrder, type OrderAccess } from "../orders/reader";
import type { BookedParcel, ReturnParcelRequest } from "../shipping/return-parcels";
import { notFound } from "../../lib/failures";
import { orders } from "../orders/tables";
import { lockOrder } from "../orders/transitions";
import { sentByShopper } from "./abroad";
import { checkReturn, insertReturn, storeReturnPhotos } from "./request";
import { markExchanged, piecesOf, recordPickup, type ReturnRow } from "./review";
import { recordShopperParcel } from "./shopper-parcel";
import { returnRequests } from "./tables";
import { adminReturnViews, orderReturns, returnViews, toHandle } from "./views";

/** The courier's side of a return: the shipping module's `bookReturnParcel`, handed in by services.ts. */
export type BookReturnParcel = (request: ReturnParcelRequest) => Promise<BookedParcel>;

/**
 * Returns and size exchanges of delivered orders (issue 16): the shopper asks, the seller decides in the
 * back office (admin/returns.ts runs the steps of review.ts with its audit), the courier fetches the parcel
 * and brings an exchange's new size.
 */
export function createReturnsService(
  db: Db,
  deps: { media: MediaStore; bookParcel: BookReturnParcel; log: ServiceLog },
) {
  async function request(id: number): Promise<ReturnRow> {
    const [found] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
    if (!found) throw notFound("Return request");
    return found;
  }

  return {
    /** One request as the seller sees it. */
    adminView: async (id: number): Promise<AdminReturnView> => (await adminReturnViews(db, [await request(id)]))[0]!,

    /**
     * `POST /api/orders/:id/returns`: checked first (nothing stored for a request that cannot be), then the
     * photos stored, then checked again and written under the order's lock, so two requests for the same
     * pieces cannot both pass.
     */
    async ask(access: OrderAccess, orderId: number, input: ReturnRequest, now = new Date()): Promise<ReturnView> {
      const order = await viewableOrder(db, access, orderId);
      await checkReturn(db, order, input, now);
      const photos = await storeReturnPhotos(deps.media, input.photos);
      const id = await db.transaction(async (tx) => {
        const locked = (await lockOrder(tx, orderId))!;
        const checked = await checkReturn(tx, locked, input, now);
        return insertReturn(tx, locked, input, checked, photos);
      });
      return (await returnViews(db, [await request(id)]))[0]!;
    },

    /**
     * `POST /api/orders/:id/returns/:returnId/parcel`: a shopper abroad says which parcel they sent back (its
     * carrier and tracking number) for the seller to follow; the order's access is checked as its page's is.
     */
    async sendParcel(
      access: OrderAccess,
      orderId: number,
      returnId: number,
      parcel: ReturnParcelSent,
      now = new Date(),
    ): Promise<ReturnView> {
      await viewableOrder(db, access, orderId);
      await db.transaction((tx) => recordShopperParcel(tx, orderId, returnId, parcel, now));
      return (await returnViews(db, [await request(returnId)]))[0]!;
    },

    /** The seller's photos of a checked parcel, stored before the step's transaction (as the shopper's are). */
    storePhotos: (photos: string[]) => storeReturnPhotos(deps.media, photos),

    /** An order's requests and its return window, for the order's pages. */
    forOrder: (orderId: number) => orderReturns(db, orderId),

    /** The back office's list: every request in these states (all when none), newest first. */
    /** Newest first: all, one status, or those waiting for the seller (`to_handle`, as the dashboard counts). */
    async list(status: ReturnStatus | undefined, view?: ReturnsView): Promise<AdminReturnView[]> {
      const requests = await db
        .select()
        .from(returnRequests)
        .where(and(status ? eq(returnRequests.status, status) : undefined, view === "to_handle" ? toHandle : undefined))
        .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
        .limit(200);
      return adminReturnViews(db, requests);
    },

    /**
     * After an approval's commit: the courier books the pickup. A courier that refuses or is down leaves the
     * request approved without a pickup, and says why; the seller books it again from the back office. No
     * courier picks up abroad (decision 085): the shopper sends that parcel, so nothing is booked.
     */
    async bookPickup(id: number): Promise<{ booked: boolean; problem: string | null }> {
      const [request] = await db
        .select()
        .from(returnRequests)
        .where(and(eq(returnRequests.id, id), eq(returnRequests.status, "approved")));
      if (!request || request.pickupAwb) return { booked: Boolean(request?.pickupAwb), problem: null };
      const [order] = await db.select().from(orders).where(eq(orders.id, request.orderId));
      if (order && sentByShopper(order)) return { booked: false, problem: null };
      const pieces = await piecesOf(db, id);
      try {
        const pickup = await deps.bookParcel({
          orderId: request.orderId,
          returnId: id,
          direction: "return",
          pieces: pieces.map(({ piece, line }) => ({
            lineId: line.id,
            variantId: line.variantId,
            productName: line.productName,
            size: line.size,
            unitPrice: line.unitPrice,
            quantity: piece.quantity,
          })),
        });
        await recordPickup(db, id, pickup);
        return { booked: true, problem: null };
      } catch (error) {
        deps.log.warn({ err: error, returnId: id }, "return pickup not booked");
        return { booked: false, problem: error instanceof Error ? error.message : String(error) };
      }
    },

    /** After an exchange is accepted: the new size goes out as a new parcel; a failure leaves it to retry. */
    async shipExchange(id: number): Promise<{ shipped: boolean; problem: string | null }> {
      const [request] = await db
        .select()
        .from(returnRequests)
        .where(
          and(eq(returnRequests.id, id), eq(returnRequests.status, "accepted"), eq(returnRequests.kind, "exchange")),
        );
      if (!request) return { shipped: false, problem: null };
      const pieces = await piecesOf(db, id);
      try {
        const parcel = await deps.bookParcel({
          orderId: request.orderId,
          returnId: id,
          direction: "forward",
          pieces: pieces.map(({ piece, line }) => ({
            lineId: line.id,
            variantId: piece.exchangeVariantId,
            productName: line.productName,
            size: piece.exchangeSize!,
            unitPrice: line.unitPrice,
            quantity: piece.quantity,
          })),
        });
        await markExchanged(db, id, parcel);
        return { shipped: true, problem: null };
      } catch (error) {
        deps.log.warn({ err: error, returnId: id }, "exchange parcel not booked");
        return { shipped: false, problem: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
