import {
  sellerSettingsSchema,
  type SellerGstResponse,
  type SellerSettingsResponse,
  type ShippingFees,
} from "@store/shared";
import { useState } from "react";
import { adminMeta } from "../../components/admin/admin-meta";
import { adminApi } from "../../components/admin/admin-api";
import { fieldsFromIssues, type FieldErrors } from "../../components/admin/failures";
import { CheckboxInput, TextInput } from "../../components/admin/form-controls";
import { LoadState } from "../../components/admin/list-table";
import { SellerGstForm } from "../../components/admin/seller-gst-form";
import { ShippingFeesForm } from "../../components/admin/shipping-fees-form";
import { PageHeader } from "../../components/admin/page-header";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Settings");
}

/**
 * The seller's settings: where alerts go and which are on, the GST registration the invoices print, and the
 * shipping fees orders are priced with.
 */
export default function Settings() {
  const settings = useAdminResource<SellerSettingsResponse>("/api/admin/settings");
  const gst = useAdminResource<SellerGstResponse>("/api/admin/settings/gst");
  const shippingFees = useAdminResource<ShippingFees>("/api/admin/settings/shipping-fees");
  return (
    <>
      <PageHeader title="Settings" />
      <div className="space-y-6">
        {!settings.data ? (
          <LoadState error={settings.error} onRetry={settings.reload} rows={3} />
        ) : (
          <AlertSettingsForm saved={settings.data} onSaved={settings.replace} />
        )}
        {!gst.data ? <LoadState error={gst.error} onRetry={gst.reload} rows={4} /> : <SellerGstForm saved={gst.data} />}
        {!shippingFees.data ? (
          <LoadState error={shippingFees.error} onRetry={shippingFees.reload} rows={2} />
        ) : (
          <ShippingFeesForm saved={shippingFees.data} onSaved={shippingFees.replace} />
        )}
      </div>
    </>
  );
}

function AlertSettingsForm({
  saved,
  onSaved,
}: {
  saved: SellerSettingsResponse;
  onSaved: (next: SellerSettingsResponse) => void;
}) {
  const [email, setEmail] = useState(saved.alert_email);
  const [orders, setOrders] = useState(saved.alert_new_orders);
  const [queries, setQueries] = useState(saved.alert_new_queries);
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAdminAction();
  const notice = useNotice();

  async function submit() {
    const checked = sellerSettingsSchema.safeParse({
      alert_email: email.trim(),
      alert_new_orders: orders,
      alert_new_queries: queries,
    });
    if (!checked.success) {
      setFields(fieldsFromIssues(checked.error.issues));
      document.getElementById("settings-alert-email")?.focus();
      return;
    }
    setFields({});
    const next = await action.run(() => adminApi.put<SellerSettingsResponse>("/api/admin/settings", checked.data));
    if (!next) return;
    notice.show("Settings saved.");
    onSaved(next);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className={`${CARD} max-w-2xl space-y-4`}
      aria-labelledby="alerts-title"
    >
      <h2 id="alerts-title" className={SECTION_TITLE}>
        E-mail alerts
      </h2>
      <TextInput
        id="settings-alert-email"
        label="Send alerts to"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={fields.alert_email ?? action.failure?.fields.alert_email}
        hint={`Leave empty to use the shop's address. Alerts go to ${saved.alerts_to} now.`}
      />
      <CheckboxInput
        id="settings-alert-orders"
        label="E-mail me each new order"
        hint="When an order is paid online, or a cash-on-delivery order is confirmed."
        checked={orders}
        onChange={setOrders}
      />
      <CheckboxInput
        id="settings-alert-queries"
        label="E-mail me each new query"
        hint="When someone writes through the contact form."
        checked={queries}
        onChange={setQueries}
      />
      {action.failure && !action.failure.fields.alert_email && (
        <p role="alert" className="text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
        Save settings
      </button>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </form>
  );
}
