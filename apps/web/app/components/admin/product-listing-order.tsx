import { catalogueSettingsSchema, type CatalogueSettings, type ListingOrder } from "@store/shared";
import { useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { SelectInput } from "./form-controls";
import { BUTTON_SECONDARY, CARD } from "./styles";
import { useAdminAction, useAdminResource } from "./use-admin-resource";

const OPTIONS: { value: ListingOrder; label: string }[] = [
  { value: "oldest_first", label: "Last (oldest products first)" },
  { value: "newest_first", label: "First (newest products first)" },
];

/** The store setting for where new products appear in the shop's category listings. */
export function ProductListingOrder() {
  const stored = useAdminResource<CatalogueSettings>("/api/admin/catalogue-settings");
  const [chosen, setChosen] = useState<ListingOrder | null>(null);
  const [said, setSaid] = useState("");
  const action = useAdminAction();
  const current = chosen ?? stored.data?.listing_order ?? "oldest_first";

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = catalogueSettingsSchema.safeParse({ listing_order: current });
    if (!parsed.success) return;
    const saved = await action.run(() =>
      adminApi.patch<CatalogueSettings>("/api/admin/catalogue-settings", parsed.data),
    );
    if (!saved) return;
    stored.replace(saved);
    setChosen(null);
    setSaid("Listing order saved; the shop shows it now.");
  }

  return (
    <form noValidate onSubmit={save} aria-label="Listing order" className={`${CARD} mb-6`}>
      <div className="flex flex-wrap items-end gap-3">
        <SelectInput
          id="listing-order"
          label="New products appear in category listings"
          value={current}
          options={OPTIONS}
          onChange={(value) => {
            setChosen(value as ListingOrder);
            setSaid("");
          }}
          className="min-w-0 flex-1 sm:max-w-sm"
        />
        <button type="submit" className={BUTTON_SECONDARY} disabled={action.busy || !stored.data}>
          {action.busy ? "Saving..." : "Save order"}
        </button>
        <p role="status" className="text-sm text-charcoal/80">
          {said}
        </p>
      </div>
      {action.failure && (
        <div className="mt-3">
          <FormMessage tone="error">{action.failure.message}</FormMessage>
        </div>
      )}
    </form>
  );
}
