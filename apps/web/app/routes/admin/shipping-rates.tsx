import {
  CURRENCIES,
  INTERNATIONAL_METHOD_CODES,
  SHIPPING_METHODS,
  shippingRatesSchema,
  type Currency,
  type ShippingRatesResponse,
} from "@store/shared";
import { useState } from "react";
import { adminMeta } from "../../components/admin/admin-meta";
import { adminApi } from "../../components/admin/admin-api";
import { fieldsFromIssues, type FieldErrors } from "../../components/admin/failures";
import { TextArea, TextInput } from "../../components/admin/form-controls";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("International rates");
}

type ZoneDraft = { code: string; name: string; countries: string };
type CardDraft = { first: string; more: string };
const cardKey = (method: string, zone: string, currency: Currency) => `${method}|${zone}|${currency}`;
const UNIT: Record<Currency, string> = { INR: "₹", USD: "$" };

/**
 * The seller's destination zones and international rate cards (decision 080, owner only): which countries
 * are in which zone, and per international method, zone and currency the price of the first half kilo of
 * chargeable weight and of each further half kilo. Saved whole; checkout and product pages price with them next.
 */
export default function ShippingRates() {
  const rates = useAdminResource<ShippingRatesResponse>("/api/admin/shipping-rates");
  return (
    <>
      <PageHeader title="International rates" />
      {!rates.data ? (
        <LoadState error={rates.error} onRetry={rates.reload} rows={6} />
      ) : (
        <RatesForm saved={rates.data} onSaved={rates.replace} />
      )}
    </>
  );
}

function RatesForm({
  saved,
  onSaved,
}: {
  saved: ShippingRatesResponse;
  onSaved: (next: ShippingRatesResponse) => void;
}) {
  const [zones, setZones] = useState<ZoneDraft[]>(() =>
    saved.zones.map((z) => ({ code: z.code, name: z.name, countries: z.countries.map((c) => c.code).join(", ") })),
  );
  const [cards, setCards] = useState<Record<string, CardDraft>>(() =>
    Object.fromEntries(
      saved.cards.map((c) => [
        cardKey(c.method, c.zone, c.currency),
        { first: String(c.first_half_kg), more: String(c.each_half_kg_more) },
      ]),
    ),
  );
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const notice = useNotice();

  const body = () => ({
    zones: zones.map((z) => ({
      code: z.code.trim(),
      name: z.name,
      countries: z.countries
        .split(/[\s,]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    })),
    cards: zones.flatMap((z) =>
      INTERNATIONAL_METHOD_CODES.flatMap((method) =>
        CURRENCIES.map((currency) => {
          const card = cards[cardKey(method, z.code, currency)] ?? { first: "", more: "" };
          return { method, zone: z.code.trim(), currency, first_half_kg: card.first, each_half_kg_more: card.more };
        }),
      ),
    ),
  });
  // A card's field in the body's order, for the schema's and the server's error paths.
  const cardIndex = (zoneIndex: number, method: string, currency: Currency) =>
    zoneIndex * INTERNATIONAL_METHOD_CODES.length * CURRENCIES.length +
    INTERNATIONAL_METHOD_CODES.indexOf(method as (typeof INTERNATIONAL_METHOD_CODES)[number]) * CURRENCIES.length +
    CURRENCIES.indexOf(currency);
  const errorAt = (path: string) => fields[path] ?? action.failure?.fields[path];
  const countriesError = (i: number) =>
    errorAt(`zones.${i}.countries`) ??
    Object.entries({ ...action.failure?.fields, ...fields }).find(([k]) => k.startsWith(`zones.${i}.countries.`))?.[1];

  async function submit() {
    const checked = shippingRatesSchema.safeParse(body());
    if (!checked.success) {
      setFields(fieldsFromIssues(checked.error.issues));
      // Once the errors are on screen: the first field in trouble.
      setTimeout(() => document.querySelector<HTMLElement>("#shipping-rates [aria-invalid='true']")?.focus());
      return;
    }
    setFields({});
    const next = await action.run(() => adminApi.put<ShippingRatesResponse>("/api/admin/shipping-rates", checked.data));
    if (!next) return;
    notice.show("International rates saved.");
    onSaved(next);
  }

  const general =
    fields.cards ??
    action.failure?.fields.cards ??
    (action.failure && !Object.keys(action.failure.fields).length ? action.failure.message : null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      id="shipping-rates"
      className="space-y-6"
      aria-label="International rates"
    >
      <p className="max-w-3xl text-sm text-charcoal/80">
        International parcels are charged by the larger of their weight and their volumetric weight (length × width ×
        height in cm ÷ 5000), rounded up to the next half kilo. Each card prices the first half kilo and each further
        half kilo; a product&apos;s handling surcharge is added per piece. A country in no zone is not shipped to.
      </p>
      {zones.map((zone, i) => (
        <section key={i} className={`${CARD} space-y-4`} aria-labelledby={`zone-${i}-title`}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={`zone-${i}-title`} className={SECTION_TITLE}>
              {zone.name || "New zone"}
            </h2>
            <button
              type="button"
              className={BUTTON_SECONDARY}
              onClick={() => setZones((all) => all.filter((_, j) => j !== i))}
              disabled={zones.length === 1}
            >
              Remove zone
            </button>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              id={`zone-${i}-name`}
              label="Zone name"
              value={zone.name}
              onChange={(name) => setZones((all) => all.map((z, j) => (j === i ? { ...z, name } : z)))}
              error={errorAt(`zones.${i}.name`)}
            />
            <TextInput
              id={`zone-${i}-code`}
              label="Zone code"
              value={zone.code}
              onChange={(code) => setZones((all) => all.map((z, j) => (j === i ? { ...z, code } : z)))}
              error={errorAt(`zones.${i}.code`)}
              hint="Lower-case letters, digits or dashes, e.g. europe"
            />
          </div>
          <TextArea
            id={`zone-${i}-countries`}
            label="Countries"
            value={zone.countries}
            onChange={(countries) => setZones((all) => all.map((z, j) => (j === i ? { ...z, countries } : z)))}
            error={countriesError(i)}
            hint="Two-letter ISO codes separated by commas, e.g. GB, FR, DE"
          />
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[34rem] text-left text-sm">
              <caption className="sr-only">Rates for {zone.name}</caption>
              <thead>
                <tr className="text-charcoal/70">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Method
                  </th>
                  {CURRENCIES.map((currency) => (
                    <th key={currency} scope="col" colSpan={2} className="py-2 pr-3 font-medium">
                      {currency}: first ½ kg, each ½ kg more
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {INTERNATIONAL_METHOD_CODES.map((method) => (
                  <tr key={method} className="border-t border-linen align-top">
                    <th scope="row" className="py-2 pr-3 font-medium text-charcoal">
                      {SHIPPING_METHODS[method].label}
                    </th>
                    {CURRENCIES.map((currency) => {
                      const key = cardKey(method, zone.code, currency);
                      const card = cards[key] ?? { first: "", more: "" };
                      const index = cardIndex(i, method, currency);
                      const set = (part: keyof CardDraft) => (value: string) =>
                        setCards((all) => ({ ...all, [key]: { ...card, [part]: value } }));
                      const label = `${SHIPPING_METHODS[method].label}, ${zone.name}, ${currency}`;
                      return (
                        <RateCells
                          key={currency}
                          id={`rate-${i}-${method}-${currency}`}
                          sign={UNIT[currency]}
                          label={label}
                          card={card}
                          onFirst={set("first")}
                          onMore={set("more")}
                          errors={[
                            errorAt(`cards.${index}.first_half_kg`),
                            errorAt(`cards.${index}.each_half_kg_more`),
                          ]}
                        />
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {general && (
        <p role="alert" className="text-sm font-medium text-madder">
          {general}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={BUTTON_SECONDARY}
          onClick={() => setZones((all) => [...all, { code: "", name: "", countries: "" }])}
        >
          Add a zone
        </button>
        <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
          Save international rates
        </button>
      </div>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </form>
  );
}

function RateCells(props: {
  id: string;
  sign: string;
  label: string;
  card: CardDraft;
  onFirst: (value: string) => void;
  onMore: (value: string) => void;
  errors: [string | undefined, string | undefined];
}) {
  const cell = (part: "first" | "more", index: 0 | 1, words: string, onChange: (value: string) => void) => {
    const error = props.errors[index];
    const id = `${props.id}-${part}`;
    return (
      <td className="py-2 pr-3">
        <label htmlFor={id} className="sr-only">
          {props.label}, {words}
        </label>
        <div className="flex items-center gap-1">
          <span aria-hidden="true">{props.sign}</span>
          <input
            id={id}
            inputMode="numeric"
            value={props.card[part]}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`w-24 rounded-lg border bg-white px-2 py-1.5 text-sm ${error ? "border-madder" : "border-charcoal/30"}`}
          />
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-xs text-madder">
            {error}
          </p>
        )}
      </td>
    );
  };
  return (
    <>
      {cell("first", 0, "first half kilo", props.onFirst)}
      {cell("more", 1, "each further half kilo", props.onMore)}
    </>
  );
}
