import { countryName } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { refusal } from "../../errors";
import { invoiceOfOrder } from "../invoices/read";
import { piecesToShip } from "../orders/shipping-steps";
import type { OrderRow } from "../orders/transitions";
import { readSellerGst } from "../settings/service";
import { parcelWith } from "./parcel";
import type { CustomsDeclaration } from "./provider";

/** The declaration an export under the seller's LUT carries (rule 96A; notification 37/2017-Central Tax). */
export const LUT_DECLARATION = "Supply meant for export under LUT without payment of IGST";
export const IGST_DECLARATION = "Supply meant for export on payment of IGST";

/** Everything the commercial invoice and the packing list print for one export parcel. */
export interface CustomsPapers {
  orderId: number;
  invoiceNumber: string;
  invoiceDate: string;
  currency: string;
  shipper: { legalName: string; address: string; gstin: string; iec: string };
  consignee: { name: string; address: string; city: string; state: string; postcode: string; country: string };
  consigneePhone: string;
  consigneeEmail: string | null;
  originCountry: "India";
  /** DDP when the seller collected the destination's duties with the order (decision 081), else DAP. */
  incoterm: "DAP" | "DDP";
  declaration: string;
  lutReference: string | null;
  /** Minor units of `currency`. */
  lines: { description: string; hsn: string; quantity: number; unitMinor: number; totalMinor: number }[];
  goodsMinor: number;
  discountMinor: number;
  freightMinor: number;
  totalMinor: number;
  /** The box as the courier is told it (parcel.ts). */
  weightKg: number;
  dimensionsCm: { length: number; breadth: number; height: number };
  pieces: number;
}

const whyNot = (orderId: number, what: string) =>
  refusal("unprocessable", "CUSTOMS_PAPERS_UNAVAILABLE", `Order ${orderId}'s customs papers cannot be made: ${what}`);

/**
 * The customs papers of an order going abroad, from its export invoice (number, HS codes, the LUT), the pieces
 * still to ship (at the order's own prices, in its currency), the seller's registration (GSTIN, IEC) and the
 * parcel as the courier is told it. Refused, with the reason, for an order within India, one without its export
 * invoice, or a seller without GSTIN or IEC.
 */
export async function customsPapersOf(db: Db | Tx, order: OrderRow): Promise<CustomsPapers> {
  if (order.deliveryCountry === "IN") throw whyNot(order.id, "it is delivered within India.");
  const invoice = await invoiceOfOrder(db, order.id);
  if (!invoice || (invoice.supply !== "export_lut" && invoice.supply !== "export_igst"))
    throw whyNot(order.id, "it has no export invoice yet (one is issued when the order is paid).");
  const gst = await readSellerGst(db);
  if (!gst?.iec)
    throw whyNot(order.id, "enter your Importer-Exporter Code (IEC) in Settings, GST registration, first.");
  const pieces = await piecesToShip(db as Tx, order.id);
  const hsnOf = new Map(invoice.lines.map((l) => [l.orderLineId, l.hsn]));
  const lines = pieces.map((p) => ({
    description: `${p.productName} (${p.size})`,
    hsn: hsnOf.get(p.lineId) ?? "",
    quantity: p.quantity,
    unitMinor: p.unitPrice,
    totalMinor: p.unitPrice * p.quantity,
  }));
  const goodsMinor = lines.reduce((sum, l) => sum + l.totalMinor, 0);
  // The parcel as the courier is told it: weights and box are parcel.ts's (not this file's to decide).
  const parcel = await parcelWith(db, order, "", String(order.id), pieces, { cod: false, amountMinor: order.total });
  const underLut = invoice.supply === "export_lut";
  return {
    orderId: order.id,
    invoiceNumber: invoice.number,
    invoiceDate: invoice.issueDate,
    currency: order.currency,
    shipper: { legalName: gst.legal_name, address: gst.address, gstin: gst.gstin, iec: gst.iec },
    consignee: {
      name: order.deliveryName,
      address: order.deliveryAddress,
      city: order.city,
      state: order.state,
      postcode: order.pinCode,
      country: countryName(order.deliveryCountry) ?? order.deliveryCountry,
    },
    consigneePhone: `${order.countryCode} ${order.mobileNumber}`.trim(),
    consigneeEmail: order.email,
    originCountry: "India",
    incoterm: order.duties > 0 ? "DDP" : "DAP",
    declaration: underLut ? LUT_DECLARATION : IGST_DECLARATION,
    lutReference: underLut ? invoice.parties.lutReference : null,
    lines,
    goodsMinor,
    discountMinor: order.discount,
    freightMinor: order.shipping,
    totalMinor: goodsMinor - order.discount + order.shipping,
    weightKg: parcel.weightKg,
    dimensionsCm: parcel.dimensionsCm,
    pieces: pieces.reduce((sum, p) => sum + p.quantity, 0),
  };
}

/** The declaration the carrier is sent with the booking, its papers attached (`documents`). */
export function declarationOf(
  papers: CustomsPapers,
  documents: CustomsDeclaration["documents"],
  perPieceKg: number,
): CustomsDeclaration {
  const major = (minor: number) => minor / 100;
  return {
    invoiceNumber: papers.invoiceNumber,
    invoiceDate: papers.invoiceDate,
    currency: papers.currency,
    incoterm: papers.incoterm,
    lines: papers.lines.map((l) => ({
      description: l.description,
      hsn: l.hsn,
      quantity: l.quantity,
      unitValue: major(l.unitMinor),
      totalValue: major(l.totalMinor),
      weightKg: Math.round(perPieceKg * l.quantity * 1000) / 1000,
    })),
    totalValue: major(papers.goodsMinor - papers.discountMinor),
    exporter: { legalName: papers.shipper.legalName, gstin: papers.shipper.gstin, iec: papers.shipper.iec },
    declaration: papers.lutReference ? `${papers.declaration} (LUT ${papers.lutReference})` : papers.declaration,
    documents,
  };
}
