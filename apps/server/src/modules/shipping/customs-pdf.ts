import type { CustomsPapers } from "./customs";

/** Minor units of the order's currency as customs papers write them: "USD 1,234.50". */
const money = (currency: string, minor: number) =>
  `${currency} ${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type Doc = InstanceType<typeof import("pdfkit")>;

/** A PDF of A4 pages drawn by `draw`, as bytes (pdfkit, the invoices' library; fixed date, so deterministic). */
async function render(title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 40,
      info: { Title: title, CreationDate: new Date(0) },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    draw(doc);
    doc.end();
  });
}

function parties(doc: Doc, papers: CustomsPapers): void {
  const top = doc.y;
  const half = (doc.page.width - 80) / 2 - 10;
  doc.font("Helvetica-Bold").fontSize(9).text("Shipper / Exporter", 40, top, { width: half });
  doc.font("Helvetica").text(papers.shipper.legalName, { width: half });
  doc.text(papers.shipper.address, { width: half });
  doc.text(`GSTIN: ${papers.shipper.gstin}`, { width: half });
  doc.text(`IEC: ${papers.shipper.iec}`, { width: half });
  const leftEnd = doc.y;
  const x = 40 + half + 20;
  const c = papers.consignee;
  doc.font("Helvetica-Bold").text("Consignee", x, top, { width: half });
  doc.font("Helvetica").text(c.name, x, doc.y, { width: half });
  doc.text(c.address, x, doc.y, { width: half });
  doc.text([c.city, c.state, c.postcode].filter(Boolean).join(", "), x, doc.y, { width: half });
  doc.text(c.country, x, doc.y, { width: half });
  doc.text(`Phone: ${papers.consigneePhone}`, x, doc.y, { width: half });
  if (papers.consigneeEmail) doc.text(`E-mail: ${papers.consigneeEmail}`, x, doc.y, { width: half });
  doc.x = 40;
  doc.y = Math.max(leftEnd, doc.y) + 12;
}

/** One row of a table: cells at the given x positions and widths, the row as tall as its tallest cell. */
function row(doc: Doc, cells: string[], columns: { x: number; width: number; align?: "right" }[], bold = false) {
  const top = doc.y;
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
  let bottom = top;
  cells.forEach((cell, i) => {
    const { x, width, align } = columns[i]!;
    doc.text(cell, x, top, { width, align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = 40;
  doc.y = bottom + 4;
}

/**
 * The commercial invoice customs reads with an export parcel: the export invoice's number and date, shipper
 * (GSTIN, IEC) and consignee, each line's description, HS code, quantity, unit and total value in the order's
 * currency, country of origin India, the terms (DAP: duties and taxes are the buyer's; DDP: the seller's) and the
 * LUT's declaration.
 */
export function commercialInvoicePdf(papers: CustomsPapers): Promise<Buffer> {
  return render(`Commercial invoice ${papers.invoiceNumber}`, (doc) => {
    doc.font("Helvetica-Bold").fontSize(16).text("COMMERCIAL INVOICE");
    doc.font("Helvetica").fontSize(9);
    doc.text(`Export invoice no.: ${papers.invoiceNumber}    Date: ${papers.invoiceDate}    Order: ${papers.orderId}`);
    doc.text(
      `Country of origin of goods: ${papers.originCountry}    Country of final destination: ${papers.consignee.country}`,
    );
    const terms =
      papers.incoterm === "DDP"
        ? "DDP (duties and taxes paid by the shipper)"
        : "DAP (duties and taxes payable by the consignee)";
    doc.text(`Terms of delivery: ${terms}    Currency: ${papers.currency}`);
    doc.moveDown();
    parties(doc, papers);
    const columns = [
      { x: 40, width: 20 },
      { x: 62, width: 200 },
      { x: 266, width: 60 },
      { x: 330, width: 50 },
      { x: 384, width: 40, align: "right" as const },
      { x: 428, width: 60, align: "right" as const },
      { x: 492, width: 63, align: "right" as const },
    ];
    row(doc, ["#", "Description of goods", "HS code", "Origin", "Qty", "Unit value", "Total value"], columns, true);
    papers.lines.forEach((l, i) =>
      row(
        doc,
        [
          String(i + 1),
          l.description,
          l.hsn,
          "India",
          String(l.quantity),
          money(papers.currency, l.unitMinor),
          money(papers.currency, l.totalMinor),
        ],
        columns,
      ),
    );
    doc.moveDown(0.5);
    const totals: [string, number][] = [["Goods", papers.goodsMinor]];
    if (papers.discountMinor) totals.push(["Discount", -papers.discountMinor]);
    totals.push(["Freight", papers.freightMinor], ["Total invoice value", papers.totalMinor]);
    for (const [label, minor] of totals)
      row(
        doc,
        ["", label, money(papers.currency, minor)],
        [columns[0]!, { x: 330, width: 150 }, columns[6]!],
        label.startsWith("Total"),
      );
    doc.moveDown();
    doc.font("Helvetica-Bold").text(papers.declaration + (papers.lutReference ? "." : "."));
    if (papers.lutReference) doc.font("Helvetica").text(`LUT reference: ${papers.lutReference}`);
    doc.font("Helvetica").moveDown();
    doc.text(`Packages: 1    Pieces: ${papers.pieces}    Gross weight: ${papers.weightKg} kg`);
    doc.moveDown();
    doc.text(
      "We declare that this invoice shows the actual price of the goods described and that all particulars are true and correct.",
    );
    doc.moveDown(2).text(`For ${papers.shipper.legalName}`).text("Authorised signatory");
  });
}

/** The packing list: the one box, its pieces by line, its weight and size, under the same invoice number. */
export function packingListPdf(papers: CustomsPapers): Promise<Buffer> {
  return render(`Packing list ${papers.invoiceNumber}`, (doc) => {
    doc.font("Helvetica-Bold").fontSize(16).text("PACKING LIST");
    doc.font("Helvetica").fontSize(9);
    doc.text(`Export invoice no.: ${papers.invoiceNumber}    Date: ${papers.invoiceDate}    Order: ${papers.orderId}`);
    doc.text(`Country of origin: ${papers.originCountry}    Destination: ${papers.consignee.country}`);
    doc.moveDown();
    parties(doc, papers);
    const columns = [
      { x: 40, width: 40 },
      { x: 84, width: 280 },
      { x: 368, width: 80 },
      { x: 452, width: 100, align: "right" as const },
    ];
    row(doc, ["Box", "Contents", "HS code", "Pieces"], columns, true);
    for (const l of papers.lines) row(doc, ["1", l.description, l.hsn, String(l.quantity)], columns);
    doc.moveDown();
    const d = papers.dimensionsCm;
    doc.text(`Total packages: 1    Total pieces: ${papers.pieces}`);
    doc.text(`Box 1: ${d.length} x ${d.breadth} x ${d.height} cm    Gross weight: ${papers.weightKg} kg`);
  });
}
