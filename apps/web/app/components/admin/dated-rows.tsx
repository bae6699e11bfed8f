import type { ReactNode } from "react";
import { BUTTON_LINK } from "./styles";
import { dayText, STATUS_LABELS, STATUS_STYLES } from "./tax-rate-text";

type DatedRow = { id: number; effective_from: string; status: keyof typeof STATUS_LABELS };

/**
 * Values that take effect from a date (a tax rule's rates, the notified exchange rates and limits): each row
 * says from when, what, and whether it is in force; only one that has not taken effect may be deleted.
 */
export function DatedRows<Row extends DatedRow>({
  rows,
  label,
  empty,
  describe,
  onDelete,
}: {
  rows: Row[];
  label: string;
  empty: string;
  describe: (row: Row) => ReactNode;
  onDelete: (row: Row) => void;
}) {
  if (rows.length === 0) return <p className="text-sm font-medium text-madder">{empty}</p>;
  return (
    <ul className="divide-y divide-linen" aria-label={label}>
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
          <span className="font-semibold text-charcoal">From {dayText(row.effective_from)}</span>
          {describe(row)}
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[row.status]}`}>
            {STATUS_LABELS[row.status]}
          </span>
          {row.status === "scheduled" && (
            <button type="button" className={BUTTON_LINK} onClick={() => onDelete(row)}>
              Delete
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
