import { zipSync, type Zippable } from "fflate";
import { monthLabel, type TaxCsvSection } from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { createTaxFigures } from "../invoices/figures";
import { taxFiguresCsv } from "../invoices/figures-csv";
import { creditNoteFileName, invoiceFileName } from "../invoices/papers";
import type { InvoiceService } from "../invoices/service";

/** The seller's monthly tax figures (`/api/admin/tax*`): the figures, their CSVs and the month's PDFs in one ZIP. */
export function createTaxAdmin(db: Db, documents: Pick<InvoiceService, "invoicePdfById" | "adminCreditNotePdf">) {
  const figures = createTaxFigures(db);
  return {
    month: figures.month,

    async csv(section: TaxCsvSection, month: string): Promise<string> {
      return taxFiguresCsv(section, await figures.month(month));
    },

    /**
     * Every invoice and credit note of the month (test orders' left out), rendered one after the other (PDFs
     * are CPU work; one at a time keeps the server answering others), stored without compression since a
     * PDF's streams already are.
     */
    async zip(month: string): Promise<Uint8Array> {
      const docs = await figures.documents(month);
      if (docs.invoices.length + docs.creditNotes.length === 0)
        throw new AppError("not_found", `No invoices or credit notes in ${monthLabel(month)}.`, "NO_DOCUMENTS");
      const files: Zippable = {};
      for (const invoice of docs.invoices)
        files[invoiceFileName(invoice.number)] = new Uint8Array(await documents.invoicePdfById(invoice.id));
      for (const note of docs.creditNotes)
        files[creditNoteFileName(note.number)] = new Uint8Array((await documents.adminCreditNotePdf(note.id)).pdf);
      return zipSync(files, { level: 0 });
    },
  };
}
