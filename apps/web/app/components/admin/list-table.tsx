import type { ReactNode } from "react";
import { Skeleton } from "../ui/skeleton";
import { BUTTON_SECONDARY } from "./styles";

// Phone cards (max-sm: below 640 px). They come after a column's own classes, so a column hidden on a
// phone to save width shows in its card, and numbers right-aligned in a column sit under their names.
const CARD_ROW = "max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3";
const CARD_TITLE = "max-sm:col-span-2 max-sm:block max-sm:p-0 max-sm:text-left max-sm:text-base";
// Each cell's column name above it comes from `data-label` (app.css, `.list-card-cell`).
const CARD_CELL =
  "list-card-cell max-sm:block max-sm:min-w-0 max-sm:p-0 max-sm:text-left max-sm:whitespace-normal max-sm:break-words";

export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

/**
 * A back-office table: a caption, column headers, and the first column as each row's header, so a screen
 * reader names a row's cells by it ("Order 12, Status: Shipped"). Below 640 px each row is a card (the
 * row's header on top, every other cell under its column's name, two to a line), so a phone shows a row's
 * buttons without scrolling sideways (issue 40 point 16); the markup stays a table for screen readers.
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
      <table aria-busy={busy} className={`w-full text-left text-sm max-sm:block ${busy ? "opacity-60" : ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-linen/60 text-xs uppercase tracking-wide text-charcoal/80 max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`px-4 py-3 font-semibold ${column.className ?? ""}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-linen max-sm:block">
          {rows.length === 0 && (
            <tr className="max-sm:block">
              <td colSpan={columns.length} className="px-4 py-8 text-center text-charcoal/75 max-sm:block">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.id} className={`align-middle hover:bg-cream/60 ${CARD_ROW}`}>
              {columns.map((column, i) =>
                i === 0 ? (
                  <th
                    key={column.header}
                    scope="row"
                    className={`px-4 py-3 font-medium ${column.className ?? ""} ${CARD_TITLE}`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    data-label={column.header}
                    className={`px-4 py-3 ${column.className ?? ""} ${CARD_CELL}`}
                  >
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
