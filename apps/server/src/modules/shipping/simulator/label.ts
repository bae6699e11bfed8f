/** A 4 x 6 inch label like a courier's: AWB, courier, the address and "COD" or "PREPAID". One page. */
export async function simulatedLabelPdf(label: {
  awb: string;
  courier: string;
  reference: string;
  name: string;
  address: string;
  city: string;
  pincode: string;
  cod: boolean;
  amount: number;
}): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [288, 432], margin: 18, info: { Title: `Label ${label.awb}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(9).text("SIMULATED COURIER - NOT A REAL SHIPMENT");
    doc.moveDown().fontSize(14).text(label.courier);
    doc.fontSize(18).text(`AWB ${label.awb}`);
    doc.moveDown().fontSize(11).text(`Order ${label.reference}`);
    doc.text(label.cod ? `COD: collect Rs ${label.amount}` : "PREPAID");
    doc.moveDown().text("Deliver to:");
    doc.text(label.name).text(label.address).text(`${label.city} ${label.pincode}`);
    doc.end();
  });
}
