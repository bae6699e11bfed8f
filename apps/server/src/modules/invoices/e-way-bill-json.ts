import type { InvoiceDocument } from "./read";

/**
 * The e-way bill of an invoice's consignment in the JSON the NIC portal's bulk generation takes
 * (ewaybillgst.gov.in, "Bulk Generation": `{ version, billLists: [...] }`), so the seller uploads it instead
 * of typing the invoice again. Field names and codes: decision 061 says which we confirmed and how.
 */

/** The bulk tool's schema version the file declares. */
export const E_WAY_BILL_JSON_VERSION = "1.0.0621";

/** Where the goods leave from: the courier's pickup. */
export interface DispatchFrom {
  pincode: string;
  place: string;
  stateCode: string;
}

/** Where they go: the order's delivery address as it is now (the seller may have corrected it). */
export interface ConsignmentTo {
  name: string;
  address: string;
  city: string;
  pinCode: string;
  stateCode: string;
}

const rupees = (minor: number) => Math.round(minor) / 100;
/** "2026-12-03" -> "03/12/2026". */
const portalDate = (day: string) => day.split("-").reverse().join("/");

/** A text as the portal's two address lines of at most `max` characters each, broken between words. */
export function addressLines(text: string, max = 120): [string, string] {
  const words = text.replace(/\s+/g, " ").trim().split(" ");
  const lines: string[] = [""];
  for (const word of words) {
    const line = lines.at(-1)!;
    if (line && line.length + 1 + word.length > max) lines.push(word);
    else lines[lines.length - 1] = line ? `${line} ${word}` : word;
  }
  return [lines[0]!.slice(0, max), lines.slice(1).join(" ").slice(0, max)];
}

/** Each goods line as it leaves: what its credit notes took back (pieces cancelled before shipping) taken off. */
function goodsLeaving(invoice: InvoiceDocument) {
  const credited = invoice.creditNotes.flatMap((note) => note.lines);
  return invoice.lines
    .filter((line) => line.kind === "goods")
    .map((line) => {
      const back = credited.filter((c) => c.invoiceLineId === line.id);
      const minus = (key: "quantity" | "taxable" | "cgst" | "sgst" | "igst") =>
        line[key] - back.reduce((total, c) => total + c[key], 0);
      return {
        line,
        quantity: minus("quantity"),
        taxable: minus("taxable"),
        cgst: minus("cgst"),
        sgst: minus("sgst"),
        igst: minus("igst"),
      };
    })
    .filter((goods) => goods.quantity > 0);
}

/**
 * One bill for the invoice: an outward supply (O) of kind Supply (1) on a tax invoice (INV) to an unregistered
 * buyer (URP), a regular transaction (1); to a registered buyer (decision 096) its GSTIN and legal name instead,
 * and "bill to, ship to" (2) when the goods go to a state other than its GSTIN's. The delivery charge and the wallet's rounding are "other value"; the
 * goods' tax is split by head at the invoice's rates. Part B (vehicle) is left to the courier; the distance 0
 * asks the portal to compute it from the two PIN codes.
 */
export function eWayBillJson(
  invoice: InvoiceDocument,
  to: ConsignmentTo,
  from: DispatchFrom,
  transporterName: string | null,
) {
  const goods = goodsLeaving(invoice);
  const otherMinor = invoice.lines
    .filter((line) => line.kind !== "goods")
    .reduce((total, line) => total + line.gross, 0);
  const sum = (key: "taxable" | "cgst" | "sgst" | "igst") => goods.reduce((total, g) => total + g[key], 0);
  const intra = invoice.supply === "intra";
  const supplier = invoice.parties.supplier;
  const [fromAddr1, fromAddr2] = addressLines(supplier.address);
  const [toAddr1, toAddr2] = addressLines(to.address);
  const buyer = invoice.parties.buyer ?? null;
  const main = [...goods].sort((a, b) => b.taxable - a.taxable)[0];
  const bill = {
    userGstin: supplier.gstin,
    supplyType: "O",
    subSupplyType: 1,
    subSupplyDesc: "",
    docType: "INV",
    docNo: invoice.number,
    docDate: portalDate(invoice.issueDate),
    transType: buyer && buyer.stateCode !== to.stateCode ? 2 : 1,
    fromGstin: supplier.gstin,
    fromTrdName: supplier.legalName.slice(0, 100),
    fromAddr1,
    fromAddr2,
    fromPlace: from.place.slice(0, 50),
    fromPincode: Number(from.pincode),
    fromStateCode: Number(supplier.stateCode),
    actualFromStateCode: Number(from.stateCode),
    toGstin: buyer?.gstin ?? "URP",
    toTrdName: (buyer?.legalName ?? to.name).slice(0, 100),
    toAddr1,
    toAddr2,
    toPlace: to.city.slice(0, 50),
    toPincode: Number(to.pinCode),
    toStateCode: Number(invoice.placeStateCode ?? to.stateCode),
    actualToStateCode: Number(to.stateCode),
    totalValue: rupees(sum("taxable")),
    cgstValue: rupees(sum("cgst")),
    sgstValue: rupees(sum("sgst")),
    igstValue: rupees(sum("igst")),
    cessValue: 0,
    TotNonAdvolVal: 0,
    OthValue: rupees(otherMinor),
    totInvValue: rupees(sum("taxable") + sum("cgst") + sum("sgst") + sum("igst") + otherMinor),
    transMode: "",
    transDistance: "0",
    transporterName: transporterName ?? "",
    transporterId: "",
    transDocNo: "",
    transDocDate: "",
    vehicleNo: "",
    vehicleType: "R",
    mainHsnCode: Number(main?.line.hsn ?? 0),
    itemList: goods.map((g, i) => ({
      itemNo: i + 1,
      productName: g.line.description.slice(0, 100),
      productDesc: g.line.description.slice(0, 100),
      hsnCode: Number(g.line.hsn),
      quantity: g.quantity,
      qtyUnit: "PCS",
      taxableAmount: rupees(g.taxable),
      sgstRate: intra ? g.line.rateBps / 200 : 0,
      cgstRate: intra ? g.line.rateBps / 200 : 0,
      igstRate: intra ? 0 : g.line.rateBps / 100,
      cessRate: 0,
      cessNonAdvol: 0,
    })),
  };
  return { version: E_WAY_BILL_JSON_VERSION, billLists: [bill] };
}
