import { renderInvoicePdf } from "./pdf";
import type { InvoiceDocument, InvoiceLineRow } from "./read";

/** A goods line of the specimen: one piece at `grossPaise`, CGST and SGST at 2.5% each (an intra-state sale). */
function specimenLine(position: number, description: string, hsn: string, grossPaise: number): InvoiceLineRow {
  const taxable = Math.round(grossPaise / 1.05);
  const tax = grossPaise - taxable;
  return {
    id: position + 1,
    invoiceId: 0,
    position,
    kind: "goods",
    orderLineId: position + 1,
    description,
    hsn,
    quantity: 1,
    rateBps: 500,
    taxable,
    cgst: Math.floor(tax / 2),
    sgst: tax - Math.floor(tax / 2),
    igst: 0,
    gross: grossPaise,
    rounding: 0,
  };
}

const lines = [
  specimenLine(0, "Indigo Dabu Print Cotton Kurta (size M)", "6204", 189_900),
  specimenLine(1, "Block Print Cotton Cushion Cover, set of 2", "6304", 89_900),
];
const sum = (key: "taxable" | "cgst" | "sgst" | "gross") => lines.reduce((total, line) => total + line[key], 0);

/** A test invoice drawn by no one: it only exercises the renderer. */
const SPECIMEN: InvoiceDocument = {
  id: 0,
  orderId: 0,
  replacesInvoiceId: null,
  number: "SPECIMEN/00-00/000000",
  series: "invoice",
  financialYear: "00-00",
  seq: 0,
  issuedAt: new Date(0),
  issueDate: "1970-01-01",
  supply: "intra",
  placeStateCode: "08",
  parties: {
    supplier: {
      legalName: "Specimen Supplier",
      address: "1 Johari Bazaar, Jaipur 302003",
      gstin: "08AAAAA0000A1Z5",
      stateName: "Rajasthan",
      stateCode: "08",
    },
    recipient: {
      name: "Specimen Recipient",
      address: "2 MI Road",
      city: "Jaipur",
      state: "Rajasthan",
      pinCode: "302001",
      country: "India",
    },
    placeOfSupply: "Rajasthan (08)",
    lutReference: null,
  },
  currency: "INR",
  rateMilli: 1000,
  rateNotification: null,
  orderTotal: sum("gross"),
  isTest: true,
  downloadToken: "",
  taxable: sum("taxable"),
  cgst: sum("cgst"),
  sgst: sum("sgst"),
  igst: 0,
  gross: sum("gross"),
  creditNotes: [],
  lines,
};

/**
 * Draws a specimen invoice, so that a process's first real one does not have to: the first document loads
 * pdfkit and fontkit, parses the faces and shapes every heading and label for the first time, all in one
 * turn of the event loop that every request waits behind (decision 114). The PDF is thrown away.
 */
export async function warmInvoicePdf(): Promise<Buffer> {
  return renderInvoicePdf(SPECIMEN);
}
