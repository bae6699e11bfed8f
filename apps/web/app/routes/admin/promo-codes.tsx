import {
  CURRENCIES,
  PROMO_KINDS,
  currencyLabel,
  formatMinor,
  formatMoney,
  promoCodeCreateSchema,
  promoCodePatchSchema,
  promoMinimumMinor,
  type AdminPromoCode,
  type Currency,
  type PromoInactiveReason,
} from "@store/shared";
import { adminMeta } from "../../components/admin/admin-meta";
import { CrudScreen } from "../../components/admin/crud-screen";
import type { CrudConfig, FormValues } from "../../components/admin/crud-types";
import { toLocalInput } from "../../components/admin/crud-values";
import { formatWhen } from "../../components/admin/format";

export function meta() {
  return adminMeta("Promo codes");
}

const discount = (p: AdminPromoCode) =>
  p.kind === "percent" || !p.currency ? `${p.value}%` : `${formatMoney(p.value, p.currency)} (${p.currency})`;

const minimum = (p: AdminPromoCode) => {
  const amount = p.min_amount ? `${formatMoney(p.min_amount, p.min_amount_currency)} (${p.min_amount_currency})` : "";
  const items = p.min_items ? `${p.min_items} items` : "";
  return [amount, items].filter(Boolean).join(", ") || "-";
};

const REASONS: Record<PromoInactiveReason, string> = {
  inactive: "switched off",
  not_started: "not started yet",
  expired: "expired",
  used_up: "used up",
};

/** Whatever `is_active` says, a code shoppers cannot use now reads "Inactive" with the reason. */
function status(p: AdminPromoCode) {
  if (!p.inactive_reason) return <span className="font-semibold text-indigo-ink">Active</span>;
  return <span className="font-semibold text-madder">Inactive ({REASONS[p.inactive_reason]})</span>;
}

const asCurrency = (value: unknown): Currency | undefined => CURRENCIES.find((c) => c === value);

/** "Discount (%)", "Discount (₹ INR)": the value's unit, from the kind and currency chosen. */
function valueLabel(values: FormValues): string {
  if (values.kind !== "flat") return "Discount (%)";
  const currency = asCurrency(values.currency);
  return currency ? `Discount (${currencyLabel(currency)})` : "Discount (choose its currency)";
}

/** The minimum as the other currency's shoppers meet it, converted as the server does. */
function minimumHint(values: FormValues): string {
  const currency = asCurrency(values.min_amount_currency) ?? "INR";
  const amount = Number(values.min_amount);
  const other: Currency = currency === "INR" ? "USD" : "INR";
  if (!Number.isSafeInteger(amount) || amount <= 0) return "Whole units; 0: no minimum";
  return `${other} carts need at least ${formatMinor(promoMinimumMinor(amount, currency, other), other)}`;
}

const PROMO_CODES: CrudConfig<AdminPromoCode> = {
  title: "Promo codes",
  lead: "Every amount names its currency. A minimum also applies to carts in the other currency, converted at 33.6 INR per USD (rupees rounded up to end in 9, dollars up to the cent).",
  singular: "promo code",
  path: "/api/admin/promo-codes",
  nameOf: (p) => `promo code ${p.code}`,
  createSchema: promoCodeCreateSchema,
  patchSchema: promoCodePatchSchema,
  columns: [
    { header: "Code", cell: (p) => <code className="font-semibold">{p.code}</code> },
    { header: "Discount", cell: discount },
    { header: "Minimum", cell: minimum },
    {
      header: "Valid",
      cell: (p) => (p.starts_at || p.ends_at ? `${formatWhen(p.starts_at)} to ${formatWhen(p.ends_at)}` : "Always"),
    },
    {
      header: "Used",
      cell: (p) => `${p.used_count}${p.max_uses ? ` of ${p.max_uses}` : ""}`,
      className: "tabular-nums",
    },
    { header: "Status", cell: status },
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
    {
      name: "value",
      label: "Discount",
      labelOf: valueLabel,
      kind: "number",
      required: true,
      hint: "Percent (1-100), or a whole amount of the code's currency",
    },
    {
      name: "currency",
      label: "Code's currency",
      kind: "select",
      emptyIsNull: true,
      hint: "A flat discount needs one; a code with one applies only to carts in it",
      options: [
        { value: "", label: "Any currency (percent codes)" },
        ...CURRENCIES.map((c) => ({ value: c, label: currencyLabel(c) })),
      ],
    },
    {
      name: "min_amount_currency",
      label: "Minimum order currency",
      kind: "select",
      options: CURRENCIES.map((c) => ({ value: c, label: currencyLabel(c) })),
    },
    {
      name: "min_amount",
      label: "Minimum order",
      labelOf: (values) => `Minimum order (${currencyLabel(asCurrency(values.min_amount_currency) ?? "INR")})`,
      hintOf: minimumHint,
      kind: "number",
    },
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
    min_amount_currency: "INR",
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
    min_amount_currency: p.min_amount_currency,
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
