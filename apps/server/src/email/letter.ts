/**
 * What an e-mail says, once, as blocks; `html.ts` draws them in the branded layout (react-email) and
 * `textOf` writes the plain-text part from the same blocks, so both parts always say the same thing.
 * The text part is written here rather than converted from the HTML (html-to-text) because tables and
 * buttons convert poorly and the text is what plain-text clients, the log transport and the tests read.
 */
export type Block =
  /** A paragraph; `\n` inside keeps its line breaks. */
  | { kind: "paragraph"; text: string }
  /** Lines that belong together, one per row: the pieces of an order, an address. */
  | { kind: "lines"; title?: string; lines: string[] }
  /** Label and value pairs (totals); the last one is drawn bold when `strongLast`. */
  | { kind: "figures"; rows: [label: string, value: string][]; strongLast?: boolean }
  /** A button in the HTML, "label: href" in the text. */
  | { kind: "action"; label: string; href: string }
  /** Pieces with their photos (absolute addresses): a small picture beside each line in the HTML, the lines alone in the text. */
  | { kind: "pictured"; items: { text: string; image: string | null }[] };

export interface Letter {
  /** The inbox's preview line. */
  preview: string;
  /** "Namaste Asha," */
  greeting: string;
  blocks: Block[];
  /**
   * An order update the shopper may turn off: the footer carries the opt-out link, its address a merge tag
   * the outbox fills in when it sends (OPT_OUT_TAG), signed for the recipient.
   */
  orderUpdate?: boolean;
  /** It carries a secret (a gift card's code): once sent, the outbox keeps its subject and nothing else. */
  forgetOnceSent?: boolean;
}

/** Filled in by the outbox worker at send time with this recipient's signed opt-out link. */
export const OPT_OUT_TAG = "{{opt_out_url}}";
/**
 * Filled in at send time with the store's address (PUBLIC_URL): links to our own pages are written
 * `${STORE_URL_TAG}/product/12` by services that are not handed the address (a shipment's notices).
 */
export const STORE_URL_TAG = "{{store_url}}";

export const paragraph = (text: string): Block => ({ kind: "paragraph", text });
export const lines = (items: string[], title?: string): Block => ({ kind: "lines", lines: items, title });
export const figures = (rows: [string, string][], strongLast = true): Block => ({ kind: "figures", rows, strongLast });
export const action = (label: string, href: string): Block => ({ kind: "action", label, href });
export const pictured = (items: { text: string; image: string | null }[]): Block => ({ kind: "pictured", items });

function blockText(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "lines":
      return [...(block.title ? [block.title] : []), ...block.lines].join("\n");
    case "figures":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "action":
      return `${block.label}:\n${block.href}`;
    case "pictured":
      return block.items.map((item) => item.text).join("\n");
  }
}

/** The plain-text part: greeting, blocks separated by a blank line, the signature (and the opt-out line). */
export function textOf(letter: Letter, signature: string): string {
  return [
    letter.greeting,
    ...letter.blocks.map(blockText),
    [signature, ...(letter.orderUpdate ? [`Stop order updates by e-mail: ${OPT_OUT_TAG}`] : [])].join("\n"),
  ].join("\n\n");
}
