import { LRUCache } from "lru-cache";
import type PDFDocument from "pdfkit";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { rupeesText, taxRateText } from "@store/shared";
import { dollars, exchangeRate, printedDate } from "./format";
import type { CreditNoteDocument, InvoiceDocument, InvoiceLineRow } from "./read";
import { woffToSfnt } from "./sfnt";
import { amountInWords } from "./words";

/**
 * The tax invoice and credit note as PDFs (pdfkit, decision 033), with what Rule 46 of the CGST Rules asks
 * for. Deterministic: the same document renders to the same bytes (fixed creation date, no random ids), so
 * the PDF is made again whenever it is asked for rather than stored.
 *
 * Fonts: Noto Sans (the shop's sans stack) from @fontsource/noto-sans, embedded as subsets so the text can be
 * copied and searched. Fontsource splits the font by script: the Latin file has no rupee sign (U+20B9), which
 * is in the Latin Extended one, so each "₹" is drawn in that face next to the figures.
 */

const require = createRequire(import.meta.url);
/** The files by face, resolved in the package (written out whole so the dependency checker sees them). */
const FONT_FILES = {
  regular: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff"),
  bold: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff"),
  rupee: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff"),
  rupeeBold: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff"),
} as const;
type Face = keyof typeof FONT_FILES;

type ParsedFont = ReturnType<typeof import("fontkit").create>;
type Font = import("fontkit").Font;
type GlyphRun = import("fontkit").GlyphRun;
type Glyph = import("fontkit").Glyph;
let fonts: Promise<Record<Face, ParsedFont>> | undefined;

/**
 * Words a face keeps laid out, the least recently used dropped first. A document's headings and labels are
 * under a hundred words a face and come back on every invoice; its numbers, names and addresses mostly come
 * once. Keeping many more held more of the heap for no faster a render (decision 055 has the figures).
 */
const KEPT_LAYOUTS = 300;

/**
 * pdfkit keeps the layouts of a document's words for that document only, so every invoice had fontkit shape
 * its headings, labels and figures again, a large share of a render (decision 052). The shared face keeps
 * the layout of each word it shapes without user features (all pdfkit asks for). pdfkit scales a run's
 * positions in place, so each caller gets its own positions over the same glyphs; the result, and the PDF's
 * bytes, are the same.
 */
function keepLayouts(font: Font): Font {
  const layout = font.layout.bind(font);
  const runs = new LRUCache<string, GlyphRun>({ max: KEPT_LAYOUTS });
  font.layout = (text, ...options) => {
    if (typeof text !== "string" || options.some((o) => o !== undefined)) return layout(text, ...options);
    let run = runs.get(text);
    if (!run) {
      run = layout(text);
      runs.set(text, run);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run, {
      glyphs: [...run.glyphs],
      positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
        xAdvance,
        yAdvance,
        xOffset,
        yOffset,
      })),
    });
  };
  return font;
}
/** What fontkit's TrueType glyph decodes from the font's bytes on every call: its outline (points or parts). */
type DecodingGlyph = { _decode(): unknown };

/**
 * Each document's subset (pdfkit embeds one per face) decodes every glyph it includes again (fontkit's subset
 * `encode`: `_addGlyph` calls `glyph._decode()`, only to read whether it is made of other glyphs), most of a
 * render's font work once the layouts are kept. The shared face keeps each glyph's decoded outline the first
 * time it is decoded: it is a function of the font's bytes alone (these faces have no variations), and fontkit
 * only reads it (its subset, paths and boxes), so the subsets and the PDF's bytes are the same.
 */
function keepDecodedGlyphs(font: Font): Font {
  const getGlyph = font.getGlyph.bind(font);
  const kept = new WeakSet<object>();
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints) as (Glyph & DecodingGlyph) | null;
    if (glyph && !kept.has(glyph)) {
      kept.add(glyph);
      const decode = glyph._decode.bind(glyph);
      let decoded: { outline: unknown } | undefined;
      glyph._decode = () => (decoded ??= { outline: decode() }).outline;
    }
    return glyph as Glyph;
  };
  return font;
}

/**
 * Read, unpacked and parsed once, on the first PDF: 4 files, 195 kB (355 kB unpacked). Every document
 * shares the parsed faces, whose tables, glyphs and layouts fontkit decodes once and keeps; each document
 * still embeds its own subset. Parsed per document, the font engine's decoding was most of a render
 * (decision 051). Documents are drawn synchronously, so two never use a face at the same time.
 */
function parsedFonts(): Promise<Record<Face, ParsedFont>> {
  fonts ??= import("fontkit").then(
    ({ create }) =>
      Object.fromEntries(
        Object.entries(FONT_FILES).map(([face, path]) => [
          face,
          keepDecodedGlyphs(keepLayouts(create(woffToSfnt(readFileSync(path()))) as Font)),
        ]),
      ) as Record<Face, ParsedFont>,
  );
  return fonts;
}

const RUPEE = "₹";
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where content stops: below it, the page number. */
const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 18;
const INK = "#1f2937";
const MUTED = "#4b5563";
const ALERT = "#b91c1c";
export const TEST_STAMP = "TEST ORDER — NOT A TAX INVOICE";

type Doc = InstanceType<typeof PDFDocument>;

interface Column {
  header: string;
  width: number;
  align: "left" | "right";
}

/** One printed row of a document's table. */
interface Row {
  description: string;
  hsn: string;
  quantity: string;
  unit: string;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  gross: number;
  rateBps: number;
}

/** What both documents print around their table. */
interface Paper {
  title: string;
  kindLabel: string;
  isTest: boolean;
  /** Label and value pairs at the top right. */
  facts: [string, string][];
  /** Lines under the parties (export wording, the USD amount, the reason of a credit note). */
  notes: string[];
  /** What the drawing reads of the document: its parties and kind of supply. */
  invoice: Pick<InvoiceDocument, "supply" | "parties">;
  rows: Row[];
  totals: { taxable: number; cgst: number; sgst: number; igst: number; gross: number };
  closing: string;
  issuedAt: Date;
  /** The words at the top right; "Original for recipient" unless given. */
  corner?: string;
}

class Sheet {
  y = PAGE.margin;
  private size = 9;
  constructor(
    readonly doc: Doc,
    readonly paper: Paper,
  ) {}

  face(face: Face, size: number, color = INK): this {
    this.doc.font(face).fontSize(size).fillColor(color);
    this.size = size;
    return this;
  }

  /** Text in a box at (x, this.y); answers its height. */
  text(value: string, x: number, width: number, options: { align?: "left" | "right"; y?: number } = {}): number {
    const y = options.y ?? this.y;
    this.doc.text(value, x, y, { width, align: options.align ?? "left", lineGap: 1 });
    return this.doc.y - y;
  }

  /**
   * "₹ 1,234.50", right-aligned in a box: the sign in the face that has it, the figures in the text face.
   * Measured by hand, because pdfkit aligns one font run at a time.
   */
  money(paise: number, x: number, width: number, bold = false, y = this.y): void {
    const size = this.size;
    const figures = rupeesText(paise);
    this.doc.font(bold ? "rupeeBold" : "rupee").fontSize(size);
    const signWidth = this.doc.widthOfString(`${RUPEE} `);
    this.doc.font(bold ? "bold" : "regular").fontSize(size);
    const figuresWidth = this.doc.widthOfString(figures);
    const start = x + width - signWidth - figuresWidth;
    this.doc.font(bold ? "rupeeBold" : "rupee").text(`${RUPEE} `, start, y, { lineBreak: false });
    this.doc.font(bold ? "bold" : "regular").text(figures, start + signWidth, y, { lineBreak: false });
  }

  /** A new page when `height` more would run into the page number. */
  ensure(height: number, onNewPage?: () => void): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.doc.addPage();
    this.y = PAGE.margin;
    onNewPage?.();
  }

  rule(weight = 0.6): void {
    this.doc
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.width - PAGE.margin, this.y)
      .lineWidth(weight)
      .strokeColor("#9ca3af")
      .stroke();
  }
}

const intra = (invoice: Pick<InvoiceDocument, "supply">) => invoice.supply === "intra";

/** Rule 46 asks for the rate of each tax: CGST and SGST at half the rate each, IGST at the rate, none under LUT. */
function columns(invoice: Pick<InvoiceDocument, "supply">): Column[] {
  const start: Column[] = [
    { header: "#", width: 16, align: "left" },
    { header: "Description", width: 0, align: "left" },
    { header: "HSN/SAC", width: 42, align: "left" },
    { header: "Qty", width: 26, align: "right" },
    { header: "Unit", width: 28, align: "left" },
  ];
  const taxes: Column[] = intra(invoice)
    ? [
        { header: "Taxable value", width: 58, align: "right" },
        { header: "CGST rate", width: 32, align: "right" },
        { header: "CGST", width: 46, align: "right" },
        { header: "SGST rate", width: 32, align: "right" },
        { header: "SGST", width: 46, align: "right" },
        { header: "Total", width: 58, align: "right" },
      ]
    : [
        { header: "Taxable value", width: 64, align: "right" },
        { header: "IGST rate", width: 36, align: "right" },
        { header: "IGST", width: 58, align: "right" },
        { header: "Total", width: 64, align: "right" },
      ];
  const all = [...start, ...taxes];
  const fixed = all.reduce((sum, c) => sum + c.width, 0);
  all[1]!.width = CONTENT_WIDTH - fixed;
  return all;
}

function cells(invoice: Pick<InvoiceDocument, "supply">, row: Row, index: number): string[] {
  const start = [String(index + 1), row.description, row.hsn || "—", row.quantity, row.unit, rupeesText(row.taxable)];
  if (intra(invoice))
    return [
      ...start,
      taxRateText(row.rateBps / 2),
      rupeesText(row.cgst),
      taxRateText(row.rateBps / 2),
      rupeesText(row.sgst),
      rupeesText(row.gross),
    ];
  // Under a Letter of Undertaking the export is zero-rated: no IGST is charged, so none is printed.
  const rate = invoice.supply === "export_lut" ? "0%" : taxRateText(row.rateBps);
  return [...start, rate, rupeesText(row.igst), rupeesText(row.gross)];
}

function drawHeader(sheet: Sheet): void {
  const { paper } = sheet;
  const parties = paper.invoice.parties;
  if (paper.isTest) {
    sheet.face("bold", 13, ALERT).text(TEST_STAMP, PAGE.margin, CONTENT_WIDTH, { align: "left" });
    sheet.y += 20;
  }
  sheet.face("bold", 18).text(paper.title, PAGE.margin, 260);
  sheet
    .face("regular", 8, MUTED)
    .text(paper.corner ?? "Original for recipient", PAGE.margin + 260, CONTENT_WIDTH - 260, {
      align: "right",
    });
  sheet.y += 30;

  const top = sheet.y;
  const left = 290;
  sheet.face("bold", 10).text(parties.supplier.legalName, PAGE.margin, left);
  sheet.y = sheet.doc.y;
  sheet.face("regular", 9);
  sheet.y += sheet.text(parties.supplier.address, PAGE.margin, left);
  sheet.y += sheet.text(`GSTIN: ${parties.supplier.gstin}`, PAGE.margin, left);
  sheet.y += sheet.text(
    `State: ${parties.supplier.stateName}, state code ${parties.supplier.stateCode}`,
    PAGE.margin,
    left,
  );
  const leftBottom = sheet.y;

  sheet.y = top;
  const factX = PAGE.margin + left + 20;
  const labelWidth = 82;
  const valueWidth = CONTENT_WIDTH - left - 20 - labelWidth;
  for (const [label, value] of paper.facts) {
    sheet.face("regular", 9, MUTED).text(label, factX, labelWidth);
    const height = sheet.face("bold", 9).text(value, factX + labelWidth, valueWidth);
    sheet.y += Math.max(height, 12);
  }
  sheet.y = Math.max(leftBottom, sheet.y) + 8;
  sheet.rule();
  sheet.y += 8;

  const r = parties.recipient;
  // A registered buyer (decision 096): billed to its GSTIN and legal name (rule 46(e)), shipped to the delivery
  // address (rule 46(o)).
  const buyer = parties.buyer;
  if (buyer) {
    sheet.face("bold", 9, MUTED).text("Billed to (registered recipient)", PAGE.margin, CONTENT_WIDTH);
    sheet.y = sheet.doc.y;
    sheet.face("bold", 10).text(buyer.legalName, PAGE.margin, CONTENT_WIDTH);
    sheet.y = sheet.doc.y;
    sheet.face("regular", 9);
    sheet.y += sheet.text(`GSTIN: ${buyer.gstin}`, PAGE.margin, CONTENT_WIDTH);
    sheet.y += sheet.text(`State: ${buyer.stateName}, state code ${buyer.stateCode}`, PAGE.margin, CONTENT_WIDTH);
    sheet.y += 6;
  }
  sheet.face("bold", 9, MUTED).text(buyer ? "Shipped to" : "Billed and shipped to", PAGE.margin, CONTENT_WIDTH);
  sheet.y = sheet.doc.y;
  sheet.face("bold", 10).text(r.name, PAGE.margin, CONTENT_WIDTH);
  sheet.y = sheet.doc.y;
  sheet.face("regular", 9);
  sheet.y += sheet.text(r.address, PAGE.margin, CONTENT_WIDTH);
  sheet.y += sheet.text([r.city, r.state, r.pinCode].filter(Boolean).join(", "), PAGE.margin, CONTENT_WIDTH);
  sheet.y += sheet.text(r.country, PAGE.margin, CONTENT_WIDTH);
  sheet.y += 6;
  for (const note of paper.notes) {
    sheet.y += sheet.face("bold", 9).text(note, PAGE.margin, CONTENT_WIDTH);
  }
  sheet.y += 8;
}

function drawTableHeader(sheet: Sheet, cols: Column[]): void {
  sheet.face("bold", 7.5, MUTED);
  let x = PAGE.margin;
  let height = 0;
  for (const col of cols) {
    height = Math.max(height, sheet.text(col.header, x + 1, col.width - 2, { align: col.align }));
    x += col.width;
  }
  sheet.y += height + 3;
  sheet.rule();
  sheet.y += 4;
}

function drawTable(sheet: Sheet): void {
  const { paper } = sheet;
  const cols = columns(paper.invoice);
  sheet.face("regular", 8, MUTED).text("Amounts in Indian Rupees", PAGE.margin, CONTENT_WIDTH);
  sheet.y += 12;
  drawTableHeader(sheet, cols);
  paper.rows.forEach((row, index) => {
    const values = cells(paper.invoice, row, index);
    sheet.face("regular", 8);
    const height = Math.max(
      ...values.map((value, i) => sheet.doc.heightOfString(value, { width: cols[i]!.width - 2, lineGap: 1 })),
    );
    sheet.ensure(height + 6, () => {
      sheet.face("regular", 8, MUTED).text(`${paper.kindLabel} continued`, PAGE.margin, CONTENT_WIDTH);
      sheet.y += 14;
      drawTableHeader(sheet, cols);
    });
    let x = PAGE.margin;
    sheet.face("regular", 8);
    values.forEach((value, i) => {
      sheet.text(value, x + 1, cols[i]!.width - 2, { align: cols[i]!.align });
      x += cols[i]!.width;
    });
    sheet.y += height + 4;
  });
  sheet.rule();
  sheet.y += 8;
}

function drawTotals(sheet: Sheet): void {
  const { paper } = sheet;
  const t = paper.totals;
  const rows: [string, number][] = [["Total taxable value", t.taxable]];
  if (intra(paper.invoice)) rows.push(["CGST", t.cgst], ["SGST", t.sgst]);
  else rows.push(["IGST", t.igst]);
  const labelX = PAGE.width - PAGE.margin - 250;
  sheet.ensure(rows.length * 14 + 80);
  for (const [label, amount] of rows) {
    sheet.face("regular", 9).text(label, labelX, 150);
    sheet.face("regular", 9).money(amount, labelX + 150, 100);
    sheet.y += 14;
  }
  sheet.y += 2;
  sheet.face("bold", 11).text(`${paper.kindLabel} total`, labelX, 150);
  sheet.face("bold", 11).money(t.gross, labelX + 150, 100, true);
  sheet.y += 20;

  sheet.face("regular", 9, MUTED).text("Amount in words", PAGE.margin, CONTENT_WIDTH);
  sheet.y += 12;
  sheet.y += sheet.face("bold", 9).text(amountInWords(t.gross), PAGE.margin, CONTENT_WIDTH);
  sheet.y += 8;
  sheet.y += sheet.face("regular", 9).text("Whether tax is payable on reverse charge: No", PAGE.margin, CONTENT_WIDTH);
  sheet.y += 4;
  sheet.y += sheet.face("regular", 8, MUTED).text(paper.closing, PAGE.margin, CONTENT_WIDTH);
}

/** Every page: its number, and on a test order the stamp across it. */
function drawPageMarks(doc: Doc, paper: Paper, number: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would start a new page for the text: the margin is lifted while it is written.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${paper.kindLabel} ${number} · page ${i + 1} of ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin, {
        width: CONTENT_WIDTH,
        align: "right",
        lineBreak: false,
      });
    if (paper.isTest) {
      doc.save();
      doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
      doc
        .font("bold")
        .fontSize(34)
        .fillColor(ALERT)
        .fillOpacity(0.12)
        .text(TEST_STAMP, 0, PAGE.height / 2 - 20, { width: PAGE.width, align: "center", lineBreak: false });
      doc.restore();
    }
    doc.page.margins.bottom = bottom;
  }
}

async function render(paper: Paper, number: string): Promise<Buffer> {
  // pdfkit and its font engine (a large share of the server's memory) load with the first document asked for.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    // No default font: pdfkit would otherwise read and parse Helvetica's metrics for every document (decision
    // 113), which nothing here draws in. Every text is drawn in a registered face.
    font: "",
    // A fixed creation date (the document's own) keeps the bytes the same on every rendering.
    info: {
      Title: `${paper.title} ${number}`,
      Author: paper.invoice.parties.supplier.legalName,
      Creator: "Jaipur Kala House",
      Producer: "pdfkit",
      CreationDate: paper.issuedAt,
      ModDate: paper.issuedAt,
    },
  });
  // pdfkit takes a parsed fontkit font as well as bytes (PDFFontFactory.open); its types list only bytes.
  for (const [face, font] of Object.entries(await parsedFonts())) doc.registerFont(face, font as unknown as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const sheet = new Sheet(doc, paper);
  drawHeader(sheet);
  drawTable(sheet);
  drawTotals(sheet);
  drawPageMarks(doc, paper, number);
  doc.end();
  return await done;
}

const UNIT: Record<InvoiceLineRow["kind"], string> = { goods: "pcs", shipping: "—", rounding: "—" };

function supplyNotes(invoice: InvoiceDocument): string[] {
  const notes: string[] = [];
  if (invoice.supply === "export_lut")
    notes.push(
      "Supply meant for export under LUT without payment of IGST",
      `LUT reference: ${invoice.parties.lutReference ?? ""}`,
    );
  if (invoice.supply === "export_igst") notes.push("Supply meant for export with payment of IGST");
  if (invoice.supply === "export_lut" || invoice.supply === "export_igst")
    notes.push(`Country of destination: ${invoice.parties.recipient.country}`);
  if (invoice.currency === "USD")
    notes.push(
      invoice.rateNotification
        ? `Order paid in US dollars: ${dollars(invoice.orderTotal)}, in rupees at ${exchangeRate(invoice.rateMilli)} INR per USD, the customs rate for exported goods of notification ${invoice.rateNotification} (CGST Rules, rule 34)`
        : `Order paid in US dollars: ${dollars(invoice.orderTotal)}, at ${exchangeRate(invoice.rateMilli)} INR per USD`,
    );
  return notes;
}

/** The tax invoice of an order, as issued. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  return render(
    {
      title: "Tax Invoice",
      kindLabel: "Invoice",
      isTest: invoice.isTest,
      facts: [
        ["Invoice no.", invoice.number],
        ["Invoice date", printedDate(invoice.issueDate)],
        ["Order", `#${invoice.orderId}`],
        ["Place of supply", invoice.parties.placeOfSupply],
      ],
      notes: supplyNotes(invoice),
      invoice,
      rows: invoice.lines.map((l) => ({
        ...l,
        quantity: String(l.quantity),
        unit: UNIT[l.kind],
      })),
      totals: invoice,
      closing: "This is a computer-generated invoice and needs no signature.",
      issuedAt: invoice.issuedAt,
    },
    invoice.number,
  );
}

/** A credit note against `invoice`: the lines it credits, described as the invoice described them. */
export function renderCreditNotePdf(invoice: InvoiceDocument, note: CreditNoteDocument): Promise<Buffer> {
  const invoiced = new Map(invoice.lines.map((l) => [l.id, l]));
  return render(
    {
      title: "Credit Note",
      kindLabel: "Credit note",
      isTest: invoice.isTest,
      facts: [
        ["Credit note no.", note.number],
        ["Date", printedDate(note.issueDate)],
        ["Against invoice", `${invoice.number} dated ${printedDate(invoice.issueDate)}`],
        ["Place of supply", invoice.parties.placeOfSupply],
      ],
      notes: [`Against invoice ${invoice.number} dated ${printedDate(invoice.issueDate)}`, `Reason: ${note.reason}`],
      invoice,
      rows: note.lines.map((l) => {
        const line = invoiced.get(l.invoiceLineId);
        return {
          ...l,
          description: line?.description ?? "",
          hsn: line?.hsn ?? "",
          rateBps: line?.rateBps ?? 0,
          // A credit of part of a line's value takes back no pieces.
          quantity: l.quantity > 0 ? String(l.quantity) : "—",
          unit: line && l.quantity > 0 ? UNIT[line.kind] : "—",
        };
      }),
      totals: note,
      closing: "This is a computer-generated credit note and needs no signature.",
      issuedAt: note.issuedAt,
    },
    note.number,
  );
}

/** The words a proforma invoice carries at its top and in its title (decision 101). */
export const PROFORMA_STAMP = "Proforma invoice - not a tax invoice";

/** A quote's proforma invoice (decision 101): priced as the tax invoice would be, but no invoice and no number of the series. */
export interface ProformaDocument {
  /** The quote's reference, e.g. "Q-12". */
  reference: string;
  /** The IST day it is drawn for, and the last day the quote holds. */
  day: string;
  validUntil: string;
  supply: InvoiceDocument["supply"];
  parties: InvoiceDocument["parties"];
  lines: readonly Omit<InvoiceLineRow, "id" | "invoiceId" | "position" | "orderLineId">[];
  totals: { taxable: number; cgst: number; sgst: number; igst: number; gross: number };
  /** Lead time, terms and what the buyer asked for, printed under the parties. */
  notes: string[];
  issuedAt: Date;
}

export function renderProformaPdf(proforma: ProformaDocument): Promise<Buffer> {
  return render(
    {
      title: "Proforma Invoice",
      kindLabel: "Proforma",
      corner: PROFORMA_STAMP,
      isTest: false,
      facts: [
        ["Quote", proforma.reference],
        ["Date", printedDate(proforma.day)],
        ["Valid until", printedDate(proforma.validUntil)],
        ["Place of supply", proforma.parties.placeOfSupply],
      ],
      notes: [PROFORMA_STAMP, ...proforma.notes],
      invoice: proforma,
      rows: proforma.lines.map((l) => ({ ...l, quantity: String(l.quantity), unit: UNIT[l.kind] })),
      totals: proforma.totals,
      closing:
        "This proforma invoice is an offer at the prices above until the date of validity, not a demand for payment and not a tax invoice: the tax invoice is issued when the order is paid.",
      issuedAt: proforma.issuedAt,
    },
    proforma.reference,
  );
}
