import { useState } from "react";
import { COD_SCOPE_TITLES, type CodFlagged, type CodHistoryResponse } from "@store/shared";
import { adminApi } from "./admin-api";
import { ActionFields, actionBody, actionValues, type ActionValues } from "./cod-rule-form";
import { CheckboxInput, TextInput } from "./form-controls";
import { ListTable, type Column } from "./list-table";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

type Settings = CodHistoryResponse["settings"];

const FLAGGED_COLUMNS: Column<CodFlagged & { id: number }>[] = [
  { header: "Flagged", cell: (f) => `${COD_SCOPE_TITLES[f.scope]} ${f.key}` },
  { header: "COD parcels", cell: (f) => f.parcels, className: "text-right tabular-nums" },
  {
    header: "Returned",
    cell: (f) => `${f.returned} (${Math.round((f.returned / f.parcels) * 100)}%)`,
    className: "text-right tabular-nums",
  },
  { header: "Applies", cell: (f) => (f.overridden ? "No: your rule above wins" : "Yes") },
];

/**
 * The defaults from the store's own returns: a PIN code or customer whose COD parcels came back too often
 * gets the action set here unless the seller has a rule for it; the list shows who is flagged now.
 */
export function CodHistorySection({
  history,
  onSaved,
}: {
  history: CodHistoryResponse;
  onSaved: (history: CodHistoryResponse) => void;
}) {
  const s = history.settings;
  const [enabled, setEnabled] = useState(s.enabled);
  const [share, setShare] = useState(String(s.return_share_percent));
  const [minimum, setMinimum] = useState(String(s.min_parcels));
  const [days, setDays] = useState(String(s.lookback_days));
  const [action, setAction] = useState<ActionValues>(actionValues(s));
  const save = useAdminAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      enabled,
      return_share_percent: Number(share),
      min_parcels: Number(minimum),
      lookback_days: Number(days),
      ...actionBody(action),
    };
    const saved = await save.run(() => adminApi.put<CodHistoryResponse>("/api/admin/cod-history", body));
    if (saved) onSaved(saved);
  }

  const error = (field: keyof Settings) => save.failure?.fields[field];
  return (
    <section aria-labelledby="cod-history-title" className="space-y-4">
      <form noValidate onSubmit={(event) => void submit(event)} className={CARD} aria-busy={save.busy}>
        <h2 id="cod-history-title" className={SECTION_TITLE}>
          Defaults from your returns
        </h2>
        <p className="mt-1 text-sm text-charcoal/80">
          A PIN code or customer (by e-mail) whose cash-on-delivery parcels came back more than the share below, by more
          than chance explains (90% sure: 4 of 5 parcels back is, 3 of 5 is not), gets this unless you set a rule for
          it. A rule &ldquo;Cash on delivery allowed&rdquo; overrides one.
        </p>
        {save.failure && (
          <p role="alert" className="mt-3 font-medium text-madder">
            {save.failure.message}
          </p>
        )}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <CheckboxInput id="cod-history-enabled" label="Use these defaults" checked={enabled} onChange={setEnabled} />
          <span />
          <TextInput
            id="cod-history-share"
            label="Returned more than (%)"
            inputMode="numeric"
            value={share}
            onChange={setShare}
            error={error("return_share_percent")}
          />
          <TextInput
            id="cod-history-min"
            label="Of at least (COD parcels)"
            inputMode="numeric"
            value={minimum}
            onChange={setMinimum}
            error={error("min_parcels")}
          />
          <TextInput
            id="cod-history-days"
            label="In the last (days)"
            inputMode="numeric"
            value={days}
            onChange={setDays}
            error={error("lookback_days")}
          />
          <ActionFields
            id="cod-history"
            values={action}
            onChange={setAction}
            failure={save.failure}
            actions={["cap", "advance", "prepaid_only"]}
          />
        </div>
        <button type="submit" className={`${BUTTON_PRIMARY} mt-4`} disabled={save.busy}>
          Save defaults
        </button>
      </form>
      <ListTable
        caption="PIN codes and customers flagged by their returns"
        columns={FLAGGED_COLUMNS}
        rows={history.flagged.map((f, i) => ({ ...f, id: i }))}
        empty={s.enabled ? "Nobody's returns pass the share set above." : "The defaults are turned off."}
      />
    </section>
  );
}
