import type { ReactNode } from "react";
import { Skeleton } from "../ui/skeleton";
import { BUTTON_SECONDARY } from "./styles";

export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

/**
 * A back-office table: a caption, column headers, and the first column as each row's header, so a screen
 * reader names a row's cells by it ("Order 12, Status: Shipped").
 */
export function ListTable<T extends { id: number }>({
  caption,
  columns,
  rows,
  empty,
  busy = false,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  empty: string;
  busy?: boolean;
}) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable).
    <div
      tabIndex={0}
      className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-linen focus-visible:outline-2 focus-visible:outline-indigo-ink"
    >
      <table aria-busy={busy} className={`w-full text-left text-sm ${busy ? "opacity-60" : ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-linen/60 text-xs uppercase tracking-wide text-charcoal/80">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`px-4 py-3 font-semibold ${column.className ?? ""}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-linen">
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-charcoal/75">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.id} className="align-middle hover:bg-cream/60">
              {columns.map((column, i) =>
                i === 0 ? (
                  <th key={column.header} scope="row" className={`px-4 py-3 font-medium ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={`px-4 py-3 ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next over a paged list, with where we are in words. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">
        Page {page} of {pages} ({total} in all)
      </p>
      <div className="flex gap-2">
        <button type="button" className={BUTTON_SECONDARY} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </button>
        <button type="button" className={BUTTON_SECONDARY} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next page
        </button>
      </div>
    </nav>
  );
}

/** What a screen shows before its first data arrives, or when the read failed (with a way to try again). */
export function LoadState({ error, onRetry, rows = 5 }: { error: string | null; onRetry: () => void; rows?: number }) {
  if (error) {
    return (
      <div role="alert" className="rounded-2xl bg-madder/10 p-5 text-madder">
        <p className="font-medium">{error}</p>
        <button type="button" className={`${BUTTON_SECONDARY} mt-3`} onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div aria-busy="true" className="space-y-3">
      <span className="sr-only">Loading...</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
