import type { AdminNdr, AdminNdrActionResult, AdminNdrList } from "@store/shared";
import { Link } from "react-router";
import { adminApi } from "../../components/admin/admin-api";
import { adminMeta } from "../../components/admin/admin-meta";
import { formatWhen } from "../../components/admin/format";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Failed deliveries");
}

/** A failed attempt's age in the seller's words: RTO climbs with every day a parcel waits. */
const ageText = (hours: number) => (hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d ${hours % 24} h`);

function answerText(row: AdminNdr): string {
  const answer = row.answer;
  if (!answer) return "No answer yet";
  if (answer.action === "cancel") return "Cancel the delivery";
  const fixes = [
    answer.delivery_address && `address: ${answer.delivery_address}`,
    answer.mobile_number && `phone ${answer.mobile_number}`,
  ]
    .filter(Boolean)
    .join("; ");
  return `Try again on ${answer.date}${fixes ? ` (${fixes})` : ""}`;
}

/**
 * Open failed deliveries (issue 43 point 4, decision 090): the courier's reason, the attempt, the shopper's answer
 * from their link and how long it has waited; one click tells the courier to try again (with the shopper's date,
 * address and phone) or to bring the parcel back. Cards on a phone (ListTable).
 */
export default function FailedDeliveries() {
  const list = useAdminResource<AdminNdrList>("/api/admin/failed-deliveries");
  const action = useAdminAction();
  const notice = useNotice();

  async function act(row: AdminNdr, kind: "reattempt" | "return") {
    const done = await action.run(() =>
      adminApi.post<AdminNdrActionResult>(`/api/admin/failed-deliveries/${row.id}/${kind}`, {}),
    );
    if (!done) return;
    notice.show(done.message);
    list.reload();
  }

  const columns: Column<AdminNdr>[] = [
    {
      header: "Order",
      cell: (row) => (
        <>
          <Link to={`/admin/orders/${row.order_id}`}>Order #{row.order_id}</Link>
          <span className="block text-xs font-normal text-charcoal/75">
            {row.delivery_name}, {row.city}
          </span>
        </>
      ),
    },
    {
      header: "Courier's reason",
      cell: (row) => (
        <>
          {row.reason_text}
          {row.courier_remark && <span className="block text-xs text-charcoal/75">"{row.courier_remark}"</span>}
        </>
      ),
    },
    { header: "Attempt", cell: (row) => `${row.attempt}`, className: "text-right" },
    { header: "Shopper's answer", cell: answerText },
    {
      header: "Waiting",
      cell: (row) => <span title={formatWhen(row.attempted_at)}>{ageText(row.age_hours)}</span>,
    },
    {
      header: "Tell the courier",
      cell: (row) => (
        <span className="flex flex-wrap gap-2">
          <button
            type="button"
            className={BUTTON_PRIMARY}
            disabled={action.busy}
            onClick={() => void act(row, "reattempt")}
          >
            Reattempt
          </button>
          <button
            type="button"
            className={BUTTON_SECONDARY}
            disabled={action.busy}
            onClick={() => void act(row, "return")}
          >
            Return to origin
          </button>
        </span>
      ),
      className: "max-sm:col-span-2",
    },
  ];

  return (
    <>
      <PageHeader
        title="Failed deliveries"
        lead="Parcels the courier could not deliver, oldest first. Act within a day: every day a parcel waits makes a return to origin likelier."
      />
      {action.failure && (
        <p role="alert" className="mb-4 rounded-xl bg-madder/10 px-4 py-3 text-madder">
          {action.failure.message}
        </p>
      )}
      {!list.data ? (
        <LoadState error={list.error} onRetry={list.reload} rows={3} />
      ) : (
        <ListTable
          caption="Open failed deliveries"
          columns={columns}
          rows={list.data.items}
          empty="No failed deliveries waiting."
          busy={list.loading}
        />
      )}
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}
