// One package per element: the @react-email/components barrel also loads Tailwind, Prism and a Markdown
// renderer, memory that no letter of ours uses (decision 046).
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { render } from "@react-email/render";
import { createElement as h, type ReactNode } from "react";
import { SELLER } from "@store/shared";
import { OPT_OUT_TAG, type Block, type Letter } from "./letter";

/** The storefront's colours (apps/web/app/app.css), so the e-mail looks like the shop. */
const COLOURS = {
  cream: "#faf5ec",
  linen: "#f1e8d8",
  indigo: "#1f2f5c",
  madder: "#a4362a",
  charcoal: "#2b2623",
  muted: "#6b6460",
};
const FONT = "'Noto Sans', 'Helvetica Neue', Arial, sans-serif";
const text = { fontSize: "15px", lineHeight: "24px", color: COLOURS.charcoal, margin: "0 0 16px" };

function drawBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case "paragraph":
      // Line breaks inside a paragraph (an address) stay line breaks.
      return h(
        Text,
        { key, style: text },
        ...block.text.split("\n").flatMap((line, i) => (i === 0 ? [line] : [h("br", { key: i }), line])),
      );
    case "lines":
      return h(
        Section,
        { key, style: { margin: "0 0 16px" } },
        block.title ? h(Text, { style: { ...text, fontWeight: 700, margin: "0 0 4px" } }, block.title) : null,
        ...block.lines.map((line, i) => h(Text, { key: i, style: { ...text, margin: "0" } }, line)),
      );
    case "figures":
      return h(
        Section,
        { key, style: { margin: "0 0 16px", borderTop: `1px solid ${COLOURS.linen}` } },
        ...block.rows.map(([label, value], i) => {
          const strong = block.strongLast && i === block.rows.length - 1 ? { fontWeight: 700 } : {};
          const cell = { ...text, margin: "4px 0", ...strong };
          return h(Row, {
            key: i,
            children: [
              h(Column, { key: "label" }, h(Text, { style: cell }, label)),
              h(Column, { key: "value", align: "right" }, h(Text, { style: cell }, value)),
            ],
          });
        }),
      );
    case "pictured":
      return drawPictured(block, key);
    case "action":
      return h(
        Section,
        { key, style: { margin: "8px 0 24px" } },
        h(
          Button,
          {
            href: block.href,
            style: {
              backgroundColor: COLOURS.indigo,
              color: "#ffffff",
              borderRadius: "6px",
              padding: "12px 20px",
              fontSize: "15px",
              fontWeight: 600,
            },
          },
          block.label,
        ),
      );
  }
}

/** Photos are drawn this wide (a mail column is ~600 px); the file is the 360 px copy where the seed made one. */
const PHOTO_PX = 72;

function drawPictured(block: Extract<Block, { kind: "pictured" }>, key: number): ReactNode {
  return h(
    Section,
    { key, style: { margin: "0 0 16px" } },
    ...block.items.map((item, i) =>
      h(Row, {
        key: i,
        style: { margin: "0 0 8px" },
        children: [
          h(
            Column,
            { key: "photo", style: { width: `${PHOTO_PX + 12}px`, verticalAlign: "top" } },
            item.image
              ? // A plain <img> (what @react-email/img draws): one element is not worth a package.
                h("img", {
                  src: item.image,
                  alt: "",
                  width: PHOTO_PX,
                  height: PHOTO_PX,
                  style: {
                    display: "block",
                    border: 0,
                    borderRadius: "6px",
                    objectFit: "cover",
                    backgroundColor: COLOURS.linen,
                  },
                })
              : null,
          ),
          h(
            Column,
            { key: "text", style: { verticalAlign: "middle" } },
            h(Text, { style: { ...text, margin: 0 } }, item.text),
          ),
        ],
      }),
    ),
  );
}

/** The one branded layout: the seller's name on an indigo band, the blocks, the footer with the support address. */
function BrandedEmail({ letter }: { letter: Letter }) {
  return h(
    Html,
    { lang: "en" },
    h(Head, null),
    h(Preview, null, letter.preview),
    h(
      Body,
      { style: { backgroundColor: COLOURS.cream, fontFamily: FONT, margin: 0, padding: "24px 0" } },
      h(
        Container,
        { style: { maxWidth: "600px", backgroundColor: "#ffffff", border: `1px solid ${COLOURS.linen}` } },
        h(
          Section,
          { style: { backgroundColor: COLOURS.indigo, padding: "20px 32px" } },
          h(Text, { style: { color: COLOURS.cream, fontSize: "22px", fontWeight: 700, margin: 0 } }, SELLER.brand),
          h(Text, { style: { color: COLOURS.linen, fontSize: "13px", margin: 0 } }, "Handcrafted in Jaipur"),
        ),
        h(
          Section,
          { style: { padding: "24px 32px 8px" } },
          h(Text, { style: text }, letter.greeting),
          ...letter.blocks.map(drawBlock),
        ),
        h(Hr, { style: { borderColor: COLOURS.linen, margin: 0 } }),
        h(
          Section,
          { style: { padding: "16px 32px 24px" } },
          h(
            Text,
            { style: { fontSize: "13px", lineHeight: "20px", color: COLOURS.muted, margin: 0 } },
            `${SELLER.brand}, Jaipur. Questions? Write to `,
            h(Link, { href: `mailto:${SELLER.supportEmail}`, style: { color: COLOURS.madder } }, SELLER.supportEmail),
            ".",
          ),
          letter.orderUpdate
            ? h(
                Text,
                { style: { fontSize: "13px", lineHeight: "20px", color: COLOURS.muted, margin: "8px 0 0" } },
                "You receive this because you ordered from us. ",
                h(Link, { href: OPT_OUT_TAG, style: { color: COLOURS.madder } }, "Stop order updates by e-mail"),
              )
            : null,
        ),
      ),
    ),
  );
}

/** The HTML part (every text escaped by React: a shopper's name cannot inject markup). */
export function htmlOf(letter: Letter): Promise<string> {
  return render(h(BrandedEmail, { letter }));
}
