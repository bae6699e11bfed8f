import { PDFDocument } from "pdf-lib";

/** Several labels, each a PDF of its own as the courier made it, as one PDF to print in one go. */
export async function mergePdfs(files: readonly Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  merged.setTitle("Shipping labels");
  for (const file of files) {
    const source = await PDFDocument.load(file);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
