import type { ReactNode } from "react";
import { PAGE_TITLE } from "./styles";

/**
 * A screen's title. It takes focus after a client navigation or a sign-in (admin-shell), so keyboard and
 * screen-reader users start at the new screen's top instead of the link they used.
 */
export function PageHeader({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 tabIndex={-1} data-admin-title="" className={PAGE_TITLE}>
          {title}
        </h1>
        {lead && <p className="mt-1 text-charcoal/80">{lead}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
