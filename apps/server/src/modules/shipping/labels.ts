/** Several labels, each a PDF of its own as the courier made it, as one PDF to print in one go. */
export async function mergePdfs(files: readonly Uint8Array[]): Promise<Uint8Array> {
  // pdf-lib loads with the first sheet of labels printed, not with the server.
  const { PDFDocument } = await import("pdf-lib");
  const merged = await PDFDocument.create();
  merged.setTitle("Shipping labels");
  for (const file of files) {
    const source = await PDFDocument.load(file);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
