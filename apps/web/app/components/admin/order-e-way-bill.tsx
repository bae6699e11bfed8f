import { eWayBillNumberSchema, type AdminOrderDetail } from "@store/shared";
import { useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi, saveBlob } from "./admin-api";
import { fieldsFromIssues } from "./failures";
import { formatMinor } from "./format";
import { TextInput } from "./form-controls";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

const WHERE = { inter_state: "for goods going to another state", intra_state: "within the state" } as const;

/**
 * An order whose consignment needs an e-way bill (decision 061): why, its data for the portal's bulk
 * generation (a JSON file made from the invoice), and the number the portal gave, which the courier's
 * booking carries. Shown only above the limit; below it nothing changes.
 */
export function OrderEWayBill({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const bill = order.e_way_bill;
  const download = useAdminAction();
  const save = useAdminAction();
  const [number, setNumber] = useState(bill?.number ?? "");
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  if (!bill) return null;

  async function downloadJson() {
    const file = await download.run(() => adminApi.download(`/api/admin/orders/${order.id}/e-way-bill.json`, {}));
    if (file) saveBlob(file.blob, file.filename);
  }
  async function saveNumber() {
    const parsed = eWayBillNumberSchema.safeParse({ number });
    if (!parsed.success) {
      setError(fieldsFromIssues(parsed.error.issues).number);
      document.getElementById("order-e-way-bill-number")?.focus();
      return;
    }
    setError(undefined);
    const updated = await save.run(() =>
      adminApi.put<AdminOrderDetail>(`/api/admin/orders/${order.id}/e-way-bill`, parsed.data),
    );
    if (!updated) return;
    setSaved(true);
    onChanged(updated);
  }

  return (
    <section aria-labelledby="order-e-way-bill" className={CARD}>
      <h2 id="order-e-way-bill" className={SECTION_TITLE}>
        E-way bill
      </h2>
      <p className="mt-2 text-sm">
        This consignment is worth {formatMinor(bill.value_minor, "INR")} with tax, over the{" "}
        {formatMinor(bill.threshold_minor, "INR")} limit {WHERE[bill.movement]}: it needs an e-way bill before the
        courier takes it.
      </p>
      {bill.can_download ? (
        <div className="mt-3 space-y-1">
          <button
            type="button"
            className={BUTTON_SECONDARY}
            disabled={download.busy}
            onClick={() => void downloadJson()}
          >
            Download e-way bill JSON
          </button>
          <p className="text-xs text-charcoal/75">
            Upload it on the e-way bill portal (ewaybillgst.gov.in, Generate bulk), then enter the number it gives.
          </p>
        </div>
      ) : (
        <p className="mt-3 text-sm font-medium text-madder">Issue the invoice first: the e-way bill is made from it.</p>
      )}
      {download.failure && <FormMessage tone="error">{download.failure.message}</FormMessage>}
      {bill.editable ? (
        <form
          noValidate
          aria-label="E-way bill number"
          className="mt-4 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void saveNumber();
          }}
        >
          <div className="flex flex-wrap items-end gap-3">
            <TextInput
              id="order-e-way-bill-number"
              label="E-way bill number"
              inputMode="numeric"
              required
              value={number}
              onChange={(next) => {
                setNumber(next);
                setSaved(false);
              }}
              error={error ?? save.failure?.fields.number}
              hint="12 digits. The courier's booking carries it."
              className="min-w-48 flex-1"
            />
            <button type="submit" className={BUTTON_PRIMARY} disabled={save.busy || !bill.can_download}>
              Save number
            </button>
          </div>
          {saved && <FormMessage tone="success">The e-way bill number is saved.</FormMessage>}
          {save.failure && !save.failure.fields.number && (
            <FormMessage tone="error">{save.failure.message}</FormMessage>
          )}
        </form>
      ) : (
        <p className="mt-4 text-sm">
          E-way bill <span className="font-semibold">{bill.number ?? "-"}</span> went to the courier with the parcel.
        </p>
      )}
    </section>
  );
}
