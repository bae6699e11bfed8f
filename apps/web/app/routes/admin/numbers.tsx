import { numbersQuerySchema, type NumbersQuery, type NumbersReport, type NumbersSettings } from "@store/shared";
import { useState } from "react";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { FilterForm, type FilterSpec } from "../../components/admin/filter-form";
import { lastIstDays } from "../../components/admin/format";
import { TextInput } from "../../components/admin/form-controls";
import { LoadState } from "../../components/admin/list-table";
import { NumbersTables } from "../../components/admin/numbers-tables";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { useListParams } from "../../components/admin/use-list-params";

export function meta() {
  return adminMeta("Shop numbers");
}

const FILTERS = ["from", "to", "device", "country"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const FILTER_SPECS: FilterSpec<(typeof FILTERS)[number]>[] = [
  { name: "from", label: "From (India time)", kind: "date" },
  { name: "to", label: "To (India time)", kind: "date" },
  {
    name: "device",
    label: "Device",
    kind: "select",
    options: [
      { value: "all", label: "All devices" },
      { value: "mobile", label: "Phones and tablets" },
      { value: "desktop", label: "Computers" },
    ],
  },
  { name: "country", label: "Country (code)", kind: "text", placeholder: "IN" },
];

/** An empty filter means the last 30 days, every device and country. */
function withDefaults(values: Filters): Filters {
  const period = lastIstDays(30);
  return {
    from: values.from || period.from,
    to: values.to || period.to,
    device: values.device || "all",
    country: values.country,
  };
}

const LEAD =
  "Counted in the shop itself: no outside tracker, no cookie. A shopper is one visit a day (a hash of their address and browser with a salt thrown away each night); shoppers who ask not to be tracked are not counted, their orders are.";

/** The seller's numbers (issue 45 point 3, decision 105): funnel, searches, products, sources, with CSV. */
export default function ShopNumbers() {
  const params = useListParams(FILTERS);
  const applied = withDefaults(params.values);
  const parsed = numbersQuerySchema.safeParse(applied);
  return (
    <>
      <PageHeader title="Shop numbers" lead={LEAD} />
      <FilterForm
        key={params.key}
        label="Numbers period"
        specs={FILTER_SPECS}
        values={applied}
        onApply={params.apply}
      />
      {parsed.success ? (
        <Report query={parsed.data} />
      ) : (
        <p role="alert" className="rounded-2xl bg-madder/10 p-5 font-medium text-madder">
          {parsed.error.issues[0]?.message}
        </p>
      )}
      <RetentionForm />
    </>
  );
}

function Report({ query }: { query: NumbersQuery }) {
  const report = useAdminResource<NumbersReport>("/api/admin/numbers", { ...query });
  if (!report.data) return <LoadState error={report.error} onRetry={report.reload} />;
  const countries = report.data.countries.join(", ");
  return (
    <>
      {countries && (
        <p className="mb-4 text-sm text-charcoal/80">Countries in this period: {countries} (-- is unknown).</p>
      )}
      <NumbersTables report={report.data} query={query} busy={report.loading} />
    </>
  );
}

/** How long raw events are kept; the daily totals stay. */
function RetentionForm() {
  const settings = useAdminResource<NumbersSettings>("/api/admin/numbers/settings");
  const [days, setDays] = useState<string | null>(null);
  const save = useAdminAction();
  const shown = days ?? String(settings.data?.retention_days ?? "");
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saved = await save.run(() =>
      adminApi.put<NumbersSettings>("/api/admin/numbers/settings", { retention_days: Number(shown) }),
    );
    if (saved) settings.replace(saved);
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={`${CARD} mt-8`} aria-busy={save.busy}>
      <h2 className={SECTION_TITLE}>Keeping events</h2>
      <p className="mt-1 text-sm text-charcoal/80">
        Each page view is kept for this many days, then deleted; the daily totals above stay.
      </p>
      {save.failure && (
        <p role="alert" className="mt-3 font-medium text-madder">
          {save.failure.message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <TextInput
          id="numbers-retention"
          label="Keep events for (days)"
          inputMode="numeric"
          value={shown}
          onChange={setDays}
          error={save.failure?.fields.retention_days}
        />
        <button type="submit" className={BUTTON_PRIMARY} disabled={save.busy || !settings.data}>
          Save
        </button>
      </div>
    </form>
  );
}
