import type { AdminAddressCheckSent, AdminOrderDetail } from "@store/shared";
import { useState } from "react";
import { FormMessage } from "../account/auth-card";
import { adminApi } from "./admin-api";
import { formatWhen } from "./format";
import { BUTTON_PRIMARY } from "./styles";
import { useAdminAction } from "./use-admin-resource";

/**
 * An Indian address that looks undeliverable, before booking (decision 092): why, and the one click that asks
 * the shopper to confirm or correct it (WhatsApp where they opted in, else e-mail). Their answer clears it.
 */
export function OrderAddressCheck({
  order,
  onChanged,
}: {
  order: AdminOrderDetail;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const action = useAdminAction();
  const [sent, setSent] = useState<string | null>(null);
  const check = order.address_check;
  if (!check) return null;
  if (check.problems.length === 0)
    return check.resolution ? (
      <p data-testid="address-check-done" className="rounded-2xl bg-linen/60 p-4 text-sm text-charcoal">
        {check.resolution === "confirmed"
          ? "The shopper confirmed the delivery address"
          : "The shopper corrected the delivery address"}
        {check.resolved_at && ` on ${formatWhen(check.resolved_at)}`}.
      </p>
    ) : null;

  async function send() {
    const result = await action.run(() =>
      adminApi.post<AdminAddressCheckSent>(`/api/admin/orders/${order.id}/address-check`, {}),
    );
    if (result) {
      setSent(result.message);
      onChanged({ ...order, address_check: result.check });
    }
  }

  return (
    <section
      aria-labelledby="address-check"
      data-testid="address-check"
      className="space-y-3 rounded-2xl bg-madder/10 p-4 text-sm"
    >
      <h2 id="address-check" className="font-semibold text-madder">
        Check the address before booking
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        {check.problem_texts.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      {check.sent_at && (
        <p className="text-charcoal/85">
          {`Asked the shopper by ${check.channel === "whatsapp" ? "WhatsApp" : "e-mail"} on ${formatWhen(check.sent_at)}: no answer yet.`}
        </p>
      )}
      {check.can_send && (
        <button type="button" className={BUTTON_PRIMARY} disabled={action.busy} onClick={() => void send()}>
          {check.sent_at ? "Ask the shopper again" : "Ask the shopper to confirm"}
        </button>
      )}
      {sent && <FormMessage tone="success">{sent}</FormMessage>}
      {action.failure && <FormMessage tone="error">{action.failure.message}</FormMessage>}
    </section>
  );
}
