import {
  PRODUCT_SIZES,
  sizeLabel,
  type SizeScheme,
  type SizeSchemesResponse,
  type SizeSchemeWrite,
} from "@store/shared";
import { useState } from "react";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { TextInput } from "../../components/admin/form-controls";
import { LoadState } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Sizes and size charts");
}

/**
 * Size schemes (issue 40, decision 074): for each kind of piece, the name shoppers read for each size code and
 * its chart in cm (the shop shows inches beside them), and the subcategories it applies to. A simple form:
 * measurements and each size's numbers are typed as comma-separated lists.
 */
export default function SizeCharts() {
  const schemes = useAdminResource<SizeSchemesResponse>("/api/admin/size-schemes");
  const notice = useNotice();
  const data = schemes.data;
  const saved = (text: string) => {
    notice.show(text);
    schemes.reload();
  };
  return (
    <>
      <PageHeader
        title="Sizes and size charts"
        lead="How each kind of piece names its sizes (a bedcover's S is Single) and measures them. Carts, orders and stock keep the codes S to XL; shoppers read these names."
      />
      {!data ? (
        <LoadState error={schemes.error} onRetry={schemes.reload} rows={4} />
      ) : (
        <div className="space-y-6">
          {data.data.map((scheme) => (
            <SchemeForm key={scheme.id} scheme={scheme} subcategories={data.subcategories} onSaved={saved} />
          ))}
          <SchemeForm scheme={null} subcategories={data.subcategories} onSaved={saved} />
        </div>
      )}
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}

type Draft = {
  name: string;
  names: Record<string, string>;
  measurements: string;
  rows: Record<string, string>;
  note: string;
  subs: number[];
};

function draftOf(scheme: SizeScheme | null): Draft {
  return {
    name: scheme?.name ?? "",
    names: Object.fromEntries(PRODUCT_SIZES.map((s) => [s, scheme?.names[s] ?? ""])),
    measurements: scheme?.chart?.measurements.join(", ") ?? "",
    rows: Object.fromEntries(
      PRODUCT_SIZES.map((s) => [s, scheme?.chart?.rows.find((r) => r.size === s)?.cm.join(", ") ?? ""]),
    ),
    note: scheme?.chart?.note ?? "",
    subs: scheme?.subcategory_ids ?? [],
  };
}

const list = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

/** The draft as the API takes it: no measurements, no chart; a size with no numbers is left out of it. */
function writeOf(draft: Draft): SizeSchemeWrite {
  const measurements = list(draft.measurements);
  const rows = PRODUCT_SIZES.filter((s) => list(draft.rows[s] ?? "").length > 0).map((size) => ({
    size,
    cm: list(draft.rows[size] ?? "").map(Number),
  }));
  return {
    name: draft.name,
    names: Object.fromEntries(
      PRODUCT_SIZES.filter((s) => draft.names[s]?.trim()).map((s) => [s, draft.names[s]!.trim()]),
    ),
    chart: measurements.length > 0 ? { measurements, rows, note: draft.note } : null,
    subcategory_ids: draft.subs,
  };
}

function SchemeForm({
  scheme,
  subcategories,
  onSaved,
}: {
  scheme: SizeScheme | null;
  subcategories: SizeSchemesResponse["subcategories"];
  onSaved: (text: string) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(scheme));
  const action = useAdminAction();
  const key = scheme?.id ?? "new";
  const idOf = (field: string) => `size-scheme-${key}-${field}`;
  const title = scheme ? scheme.name : "Add a size scheme";

  async function submit() {
    const body = writeOf(draft);
    const done = await action.run(() =>
      scheme
        ? adminApi.put<SizeScheme>(`/api/admin/size-schemes/${scheme.id}`, body)
        : adminApi.post<SizeScheme>("/api/admin/size-schemes", body),
    );
    if (!done) return;
    if (!scheme) setDraft(draftOf(null));
    onSaved(`${done.name} is saved.`);
  }

  return (
    <form
      noValidate
      aria-label={title}
      className={`${CARD} space-y-4`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className={SECTION_TITLE}>{title}</h2>
      <TextInput
        id={idOf("name")}
        label="Name"
        required
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
      />
      <fieldset>
        <legend className="text-sm font-semibold text-charcoal">Names shoppers read (empty: the code)</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {PRODUCT_SIZES.map((size) => (
            <TextInput
              key={size}
              id={idOf(`name-${size}`)}
              label={`Name of ${sizeLabel(size)}`}
              value={draft.names[size] ?? ""}
              onChange={(value) => setDraft({ ...draft, names: { ...draft.names, [size]: value } })}
            />
          ))}
        </div>
      </fieldset>
      <TextInput
        id={idOf("measurements")}
        label="Chart columns, comma-separated (empty: no chart)"
        placeholder="Bust, Waist, Length"
        value={draft.measurements}
        onChange={(measurements) => setDraft({ ...draft, measurements })}
      />
      <fieldset>
        <legend className="text-sm font-semibold text-charcoal">Each size in cm, one number per column</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {PRODUCT_SIZES.map((size) => (
            <TextInput
              key={size}
              id={idOf(`cm-${size}`)}
              label={`${sizeLabel(size)} (cm)`}
              inputMode="decimal"
              value={draft.rows[size] ?? ""}
              onChange={(value) => setDraft({ ...draft, rows: { ...draft.rows, [size]: value } })}
            />
          ))}
        </div>
      </fieldset>
      <TextInput
        id={idOf("note")}
        label="How to measure (under the chart)"
        value={draft.note}
        onChange={(note) => setDraft({ ...draft, note })}
      />
      <fieldset>
        <legend className="text-sm font-semibold text-charcoal">Applies to (a product may choose its own)</legend>
        <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-3">
          {subcategories.map((sub) => (
            <label key={sub.id} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.subs.includes(sub.id)}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    subs: event.target.checked ? [...draft.subs, sub.id] : draft.subs.filter((id) => id !== sub.id),
                  })
                }
              />
              {sub.category}: {sub.name}
            </label>
          ))}
        </div>
      </fieldset>
      {action.failure && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        {action.busy ? "Saving..." : scheme ? `Save ${scheme.name}` : "Add size scheme"}
      </button>
    </form>
  );
}
