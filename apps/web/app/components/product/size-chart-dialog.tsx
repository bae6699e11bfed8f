import { cmToInches, sizeName, type SizeChart } from "@store/shared";
import { useEffect, useRef } from "react";
import { CloseIcon } from "../ui/icons";

export interface SizeChartProps {
  chart: SizeChart;
  names: Partial<Record<string, string>>;
  productName: string;
}

/**
 * The measurements of each size, in cm and inches, in a native modal dialog (focus kept inside, Escape
 * closes), open from its first paint; `onClose` tells the button it was closed.
 */
export default function SizeChartDialog({
  chart,
  names,
  productName,
  onClose,
}: SizeChartProps & { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => dialog.current?.showModal(), []);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="size-chart-heading"
      className="mx-auto mt-16 w-[min(40rem,94vw)] rounded-2xl bg-white p-5 shadow-2xl backdrop:bg-charcoal/60 sm:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="size-chart-heading" className="text-xl font-semibold text-indigo-ink">
          Size chart<span className="sr-only">: {productName}</span>
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          aria-label="Close size chart"
          className="rounded-full p-1"
        >
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-linen">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Size
              </th>
              {chart.measurements.map((m) => (
                <th key={m} scope="col" className="py-2 pr-3 font-semibold">
                  {m}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.size} className="border-b border-linen/70">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {sizeName(row.size, names[row.size])}
                </th>
                {row.cm.map((cm, i) => (
                  <td key={i} className="py-2 pr-3 tabular-nums">
                    {cm} cm
                    <span className="block text-charcoal/70">{cmToInches(cm)} in</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {chart.note && <p className="mt-3 text-sm text-charcoal/80">{chart.note}</p>}
    </dialog>
  );
}
