import type { AdminProduct } from "@store/shared";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

type Toggle = {
  field: "is_active" | "top_selling";
  label: string;
  on: string;
  off: string;
  saidOn: string;
  saidOff: string;
};

const TOGGLES: readonly Toggle[] = [
  {
    field: "is_active",
    label: "Shown in the shop",
    on: "Active: in listings and search",
    off: "Inactive: hidden from shoppers",
    saidOn: "Product activated.",
    saidOff: "Product deactivated.",
  },
  {
    field: "top_selling",
    label: "Top selling",
    on: "Listed with the popular products",
    off: "Not among the popular products",
    saidOn: "Marked as top selling.",
    saidOff: "No longer top selling.",
  },
];

/** Activate or deactivate, and the top-selling flag: switches that save at once. */
export function ProductStatus({
  product,
  onSaved,
}: {
  product: AdminProduct;
  onSaved: (product: AdminProduct, message: string) => void;
}) {
  const action = useAdminAction();
  async function flip(toggle: Toggle) {
    const next = !product[toggle.field];
    const saved = await action.run(() =>
      adminApi.patch<AdminProduct>(`/api/admin/products/${product.id}`, { [toggle.field]: next }),
    );
    if (saved) onSaved(saved, next ? toggle.saidOn : toggle.saidOff);
  }
  return (
    <section aria-labelledby="status-title" className={CARD}>
      <h2 id="status-title" className={SECTION_TITLE}>
        Status
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2">
        {TOGGLES.map((toggle) => {
          const on = product[toggle.field];
          return (
            <li key={toggle.field} className="flex items-center gap-3">
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-describedby={`status-${toggle.field}`}
                disabled={action.busy}
                onClick={() => void flip(toggle)}
                className={`relative h-7 w-12 flex-none rounded-full transition disabled:opacity-60 ${on ? "bg-sage" : "bg-charcoal/30"}`}
              >
                <span className="sr-only">{toggle.label}</span>
                <span
                  aria-hidden="true"
                  className={`absolute top-1 h-5 w-5 rounded-full bg-white shadow transition-all ${on ? "left-6" : "left-1"}`}
                />
              </button>
              <div>
                <p className="font-semibold" aria-hidden="true">
                  {toggle.label}
                </p>
                <p id={`status-${toggle.field}`} className="text-sm text-charcoal/75">
                  {on ? toggle.on : toggle.off}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {action.failure && (
        <div className="mt-3">
          <FormMessage tone="error">{action.failure.message}</FormMessage>
        </div>
      )}
    </section>
  );
}
