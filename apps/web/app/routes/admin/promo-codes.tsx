import {
  CURRENCIES,
  PROMO_KINDS,
  promoCodeCreateSchema,
  promoCodePatchSchema,
  type AdminPromoCode,
} from "@store/shared";
import { adminMeta } from "../../components/admin/admin-meta";
import { CrudScreen } from "../../components/admin/crud-screen";
import type { CrudConfig } from "../../components/admin/crud-types";
import { toLocalInput } from "../../components/admin/crud-values";
import { formatWhen, yesNo } from "../../components/admin/format";

export function meta() {
  return adminMeta("Promo codes");
}

const discount = (p: AdminPromoCode) => (p.kind === "percent" ? `${p.value}%` : `${p.value} ${p.currency ?? ""}`);

const PROMO_CODES: CrudConfig<AdminPromoCode> = {
  title: "Promo codes",
  lead: "Amounts are whole units of the code's currency (USD for a percent code's minimum).",
  singular: "promo code",
  path: "/api/admin/promo-codes",
  nameOf: (p) => `promo code ${p.code}`,
  createSchema: promoCodeCreateSchema,
  patchSchema: promoCodePatchSchema,
  columns: [
    { header: "Code", cell: (p) => <code className="font-semibold">{p.code}</code> },
    { header: "Discount", cell: discount },
    {
      header: "Minimum",
      cell: (p) =>
        `${p.min_amount ? `${p.min_amount} order value` : "-"}${p.min_items ? `, ${p.min_items} items` : ""}`,
    },
    {
      header: "Valid",
      cell: (p) => (p.starts_at || p.ends_at ? `${formatWhen(p.starts_at)} to ${formatWhen(p.ends_at)}` : "Always"),
    },
    {
      header: "Used",
      cell: (p) => `${p.used_count}${p.max_uses ? ` of ${p.max_uses}` : ""}`,
      className: "tabular-nums",
    },
    { header: "Active", cell: (p) => yesNo(p.is_active) },
  ],
  fields: [
    {
      name: "code",
      label: "Code",
      kind: "text",
      required: true,
      hint: "3 to 40 letters, digits, - or _ (saved in capitals)",
    },
    {
      name: "kind",
      label: "Kind",
      kind: "select",
      options: PROMO_KINDS.map((k) => ({ value: k, label: k === "percent" ? "Percent off" : "Flat amount off" })),
    },
    { name: "value", label: "Discount", kind: "number", required: true, hint: "Percent (1-100) or a whole amount" },
    {
      name: "currency",
      label: "Currency",
      kind: "select",
      emptyIsNull: true,
      hint: "A flat discount needs one",
      options: [{ value: "", label: "Any (percent codes)" }, ...CURRENCIES.map((c) => ({ value: c, label: c }))],
    },
    { name: "min_amount", label: "Minimum order value", kind: "number" },
    { name: "min_items", label: "Minimum items", kind: "number" },
    { name: "starts_at", label: "Starts (your local time)", kind: "datetime", emptyIsNull: true },
    { name: "ends_at", label: "Ends (your local time)", kind: "datetime", emptyIsNull: true },
    { name: "max_uses", label: "Uses allowed", kind: "number", emptyIsNull: true, hint: "Empty: unlimited" },
    { name: "is_active", label: "Active", kind: "checkbox", hint: "Shoppers can apply it" },
  ],
  blank: {
    code: "",
    kind: "percent",
    value: "",
    currency: "",
    min_amount: "0",
    min_items: "0",
    starts_at: "",
    ends_at: "",
    max_uses: "",
    is_active: true,
  },
  valuesOf: (p) => ({
    code: p.code,
    kind: p.kind,
    value: String(p.value),
    currency: p.currency ?? "",
    min_amount: String(p.min_amount),
    min_items: String(p.min_items),
    starts_at: toLocalInput(p.starts_at),
    ends_at: toLocalInput(p.ends_at),
    max_uses: p.max_uses === null ? "" : String(p.max_uses),
    is_active: p.is_active,
  }),
};

export default function PromoCodes() {
  return <CrudScreen config={PROMO_CODES} />;
}
