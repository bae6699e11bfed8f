import { lazy, Suspense, useState } from "react";
import type { SizeChartProps } from "./size-chart-dialog";

const loadDialog = () => import("./size-chart-dialog");
const SizeChartDialog = lazy(loadDialog);

/**
 * "Size chart": a link-styled button that opens the measurements of each size. The dialog and its table load
 * when the shopper reaches for the button (pointer over it, focus or a tap), not with the page: the product
 * page's first-load JS stays within its budget (decision 074).
 */
export function SizeChartButton(props: SizeChartProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="text-sm font-semibold text-indigo-ink underline underline-offset-4 hover:text-madder"
      >
        Size chart
      </button>
      {open && (
        <Suspense fallback={null}>
          <SizeChartDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
