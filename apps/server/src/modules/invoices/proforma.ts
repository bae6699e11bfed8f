import type { Db, Tx } from "../../db/client";
import { taxOfProducts } from "../catalog/tax-rules";
import { readSellerGst } from "../settings/service";
import { invoiceLines, sum, type InvoiceLineInput } from "./compute";
import { placeOfSupply, supplierOf } from "./issue";
import type { ProformaDocument } from "./pdf";

/** A priced line of a quote: the catalogue product it is sold as (its HSN code and rate), GST included. */
export interface ProformaLine {
  productId: number;
  description: string;
  quantity: number;
  unitPricePaise: number;
}

export interface ProformaInput {
  reference: string;
  day: string;
  validUntil: string;
  /** The buyer as printed, and the delivery state (an Indian state's name): the place of supply. */
  buyer: { name: string; address: string; state: string };
  lines: readonly ProformaLine[];
  shippingPaise: number;
  notes: string[];
  issuedAt: Date;
}

/**
 * A quote's proforma invoice (decision 101), worked as the tax invoice of the same sale would be on `day`:
 * the seller's registration, the place of supply, the rates of the products' rules and the same arithmetic
 * (compute.ts), but no number of the invoice series and nothing stored. Or why it cannot be, in the seller's words.
 */
export async function prepareProforma(
  db: Db | Tx,
  input: ProformaInput,
): Promise<{ ok: true; document: ProformaDocument } | { ok: false; problem: string }> {
  const gst = await readSellerGst(db);
  if (!gst) return { ok: false, problem: "The shop's GST registration is not saved yet: enter it in Settings first." };
  const place = placeOfSupply({ deliveryCountry: "IN", state: input.buyer.state, buyerGstin: null }, gst, input.day);
  if (!place.ok) return place;
  const taxes = await taxOfProducts(
    db,
    input.lines.map((l) => l.productId),
    input.day,
  );
  const goods: InvoiceLineInput[] = [];
  for (const [i, l] of input.lines.entries()) {
    const tax = taxes.get(l.productId);
    if (!tax) return { ok: false, problem: `"${l.description}" is not in the catalogue, so its HSN code is unknown.` };
    if (!tax.ok) return { ok: false, problem: `${l.description}: ${tax.problem}` };
    goods.push({
      orderLineId: i,
      description: l.description,
      hsn: tax.hsn,
      quantity: l.quantity,
      unitPrice: l.unitPricePaise,
      rate: tax.rate,
    });
  }
  const subtotal = goods.reduce((s, g) => s + g.unitPrice * g.quantity, 0);
  const computed = invoiceLines(
    {
      currency: "INR",
      rateMilli: 1000,
      discount: 0,
      shipping: input.shippingPaise,
      rounding: 0,
      total: subtotal + input.shippingPaise,
      shippingMethod: "",
      paymentMethod: "",
    },
    goods,
    place.supply,
  );
  return {
    ok: true,
    document: {
      reference: input.reference,
      day: input.day,
      validUntil: input.validUntil,
      supply: place.supply,
      parties: {
        supplier: supplierOf(gst),
        recipient: {
          name: input.buyer.name,
          address: input.buyer.address,
          city: "",
          state: input.buyer.state,
          pinCode: "",
          country: "India",
        },
        placeOfSupply: place.label,
        lutReference: null,
      },
      lines: computed.map(({ orderLineId: _line, ...l }) => l),
      totals: sum(computed),
      notes: input.notes,
      issuedAt: input.issuedAt,
    },
  };
}
