import { zipSync, type Zippable } from "fflate";
import { monthLabel, type TaxCsvSection } from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { createTaxFigures } from "../invoices/figures";
import { taxFiguresCsv } from "../invoices/figures-csv";
import { invoiceFileName } from "../invoices/papers";

/** One document's PDF: an invoice or a credit note, by id (the invoices module's renderer, handed in by services.ts). */
export type RenderDocument = (kind: "invoice" | "credit-note", id: number) => Promise<Buffer>;

/** The PDF's file name of a credit note: the number without its slashes, like an invoice's. */
export const creditNoteFileName = (number: string) => `credit-note-${number.replaceAll("/", "-")}.pdf`;

/** The seller's monthly tax figures (`/api/admin/tax*`): the figures, their CSVs and the month's PDFs in one ZIP. */
export function createTaxAdmin(db: Db, renderDocument: RenderDocument) {
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
        files[invoiceFileName(invoice.number)] = new Uint8Array(await renderDocument("invoice", invoice.id));
      for (const note of docs.creditNotes)
        files[creditNoteFileName(note.number)] = new Uint8Array(await renderDocument("credit-note", note.id));
      return zipSync(files, { level: 0 });
    },
  };
}
