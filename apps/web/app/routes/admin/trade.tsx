import { useState, type FormEvent } from "react";
import type { TradeApplication, TradeGroup, TradeOverview } from "@store/shared";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { TRADE_STATUS_LABELS, TradeAccountActions } from "../../components/admin/trade-account-actions";
import { BUTTON_PRIMARY, CARD, CONTROL, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";

export function meta() {
  return adminMeta("Trade accounts");
}

const LEAD =
  "Businesses apply with their GSTIN; approve each into a trade group or decline it with a reason, and they are told by e-mail. An approved account may be moved to another group, or revoked (retail prices and no bank transfer from that moment, told by e-mail) and later reinstated. A group takes a percentage off retail prices; a fixed rupee price in its price list wins over the percentage. Minimums and case packs apply to trade buyers only.";

const fields = (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  return Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
};
const whole = (value: string | undefined) => (value && /^\d+$/.test(value.trim()) ? Number(value) : value);

/** Trade accounts (issue 44 point 2, decision 097): owner-only. */
export default function TradeAdmin() {
  const overview = useAdminResource<TradeOverview>("/api/admin/trade");
  const save = useAdminAction();
  const [done, setDone] = useState<string | null>(null);

  async function change(run: () => Promise<unknown>, said: string, form?: HTMLFormElement): Promise<void> {
    setDone(null);
    const answer = await save.run(run);
    if (answer === undefined) return;
    form?.reset();
    setDone(said);
    overview.reload();
  }

  const groups = overview.data?.groups ?? [];
  const applicationColumns: Column<TradeApplication>[] = [
    { header: "Business", cell: (a) => `${a.business_name} (${a.email})` },
    { header: "GSTIN", cell: (a) => a.gstin },
    { header: "Buys", cell: (a) => `${a.buys}; about ₹${a.monthly_volume_rupees.toLocaleString("en-IN")} a month` },
    { header: "Status", cell: (a) => TRADE_STATUS_LABELS[a.status] },
    {
      header: "Account",
      cell: (a) => <TradeAccountActions application={a} groups={groups} change={change} />,
    },
  ];
  const groupColumns: Column<TradeGroup>[] = [
    { header: "Group", cell: (g) => g.name },
    { header: "Off retail", cell: (g) => `${g.percent_off}%` },
    { header: "Buyers", cell: (g) => g.members },
    {
      header: "Fixed prices",
      cell: (g) =>
        g.prices.length === 0
          ? "-"
          : g.prices
              .map(
                (p) => `${p.product_name} ${p.size || "all sizes"}: ₹${(p.price_paise / 100).toLocaleString("en-IN")}`,
              )
              .join("; "),
    },
  ];

  return (
    <>
      <PageHeader title="Trade accounts" lead={LEAD} />
      {save.failure && (
        <p role="alert" className="mb-4 font-medium text-madder">
          {save.failure.message}
        </p>
      )}
      {done && (
        <p role="status" className="mb-4 font-medium text-indigo-ink">
          {done}
        </p>
      )}
      {!overview.data ? (
        <LoadState error={overview.error} onRetry={overview.reload} />
      ) : (
        <>
          <section aria-labelledby="trade-applications" className="mb-8">
            <h2 id="trade-applications" className={`${SECTION_TITLE} mb-3`}>
              Applications
            </h2>
            <ListTable
              caption="Trade applications"
              columns={applicationColumns}
              rows={overview.data.applications}
              busy={overview.loading}
              empty="No applications yet."
            />
          </section>
          <section aria-labelledby="trade-groups" className="mb-8">
            <h2 id="trade-groups" className={`${SECTION_TITLE} mb-3`}>
              Trade groups and price lists
            </h2>
            <ListTable
              caption="Trade groups"
              columns={groupColumns}
              rows={groups}
              busy={overview.loading}
              empty="No groups yet: add one before approving an application."
            />
            <div className="mt-4 grid gap-4 lg:grid-cols-2">
              <form
                className={`${CARD} flex flex-col gap-3`}
                aria-label="New trade group"
                onSubmit={(e) => {
                  const form = e.currentTarget;
                  const f = fields(e);
                  void change(
                    () =>
                      adminApi.post("/api/admin/trade/groups", {
                        name: f.name ?? "",
                        percent_off: whole(f.percent_off),
                      }),
                    `Group ${f.name ?? ""} added.`,
                    form,
                  );
                }}
              >
                <h3 className="font-semibold text-indigo-ink">New group</h3>
                <label className="text-sm">
                  Name
                  <input name="name" className={CONTROL} />
                </label>
                <label className="text-sm">
                  Percent off retail prices
                  <input name="percent_off" inputMode="numeric" className={CONTROL} defaultValue="0" />
                </label>
                <button type="submit" className={BUTTON_PRIMARY} disabled={save.busy}>
                  Add group
                </button>
              </form>
              <form
                className={`${CARD} flex flex-col gap-3`}
                aria-label="Fixed trade price"
                onSubmit={(e) => {
                  const form = e.currentTarget;
                  const f = fields(e);
                  const rupees = whole(f.rupees);
                  void change(
                    () =>
                      adminApi.put(`/api/admin/trade/groups/${f.group_id ?? ""}/prices`, {
                        product_id: whole(f.product_id),
                        size: f.size ?? "",
                        price_paise: typeof rupees === "number" ? rupees * 100 : rupees,
                      }),
                    "Fixed price saved.",
                    form,
                  );
                }}
              >
                <h3 className="font-semibold text-indigo-ink">Fixed price (wins over the percentage)</h3>
                <label className="text-sm">
                  Group
                  <select name="group_id" className={CONTROL}>
                    {groups.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="text-sm">
                  Product number
                  <input name="product_id" inputMode="numeric" className={CONTROL} />
                </label>
                <label className="text-sm">
                  Size (empty: every size)
                  <input name="size" className={CONTROL} />
                </label>
                <label className="text-sm">
                  Price, whole rupees
                  <input name="rupees" inputMode="numeric" className={CONTROL} />
                </label>
                <button type="submit" className={BUTTON_PRIMARY} disabled={save.busy || groups.length === 0}>
                  Save price
                </button>
              </form>
            </div>
          </section>
          <section aria-labelledby="trade-rules" className="mb-8">
            <h2 id="trade-rules" className={`${SECTION_TITLE} mb-3`}>
              Minimum order and case pack
            </h2>
            <ListTable
              caption="Minimums and case packs"
              columns={[
                { header: "Product", cell: (r) => `${r.product_name} (#${r.id})` },
                { header: "Minimum pieces", cell: (r) => r.min_quantity },
                { header: "Case pack", cell: (r) => r.case_pack },
              ]}
              rows={overview.data.rules.map((r) => ({ ...r, id: r.product_id }))}
              busy={overview.loading}
              empty="No product has a minimum or a case pack."
            />
            <form
              className={`${CARD} mt-4 flex flex-col gap-3 lg:max-w-md`}
              aria-label="Minimum and case pack"
              onSubmit={(e) => {
                const form = e.currentTarget;
                const f = fields(e);
                void change(
                  () =>
                    adminApi.put("/api/admin/trade/rules", {
                      product_id: whole(f.product_id),
                      min_quantity: whole(f.min_quantity),
                      case_pack: whole(f.case_pack),
                    }),
                  "Minimum and case pack saved.",
                  form,
                );
              }}
            >
              <label className="text-sm">
                Product number
                <input name="product_id" inputMode="numeric" className={CONTROL} />
              </label>
              <label className="text-sm">
                Minimum pieces
                <input name="min_quantity" inputMode="numeric" className={CONTROL} defaultValue="1" />
              </label>
              <label className="text-sm">
                Case pack
                <input name="case_pack" inputMode="numeric" className={CONTROL} defaultValue="1" />
              </label>
              <button type="submit" className={BUTTON_PRIMARY} disabled={save.busy}>
                Save minimum and pack
              </button>
            </form>
          </section>
        </>
      )}
    </>
  );
}
