import { MESSAGES, type NotificationSettings } from "@store/shared";
import { useEffect, useState } from "react";
import { api } from "../../lib/api";
import { FormMessage } from "./auth-card";

const SWITCHES: { key: keyof NotificationSettings; label: string; hint: string }[] = [
  {
    key: "email_order_updates",
    label: "Order updates by e-mail",
    hint: "Shipped, out for delivery, delivered, returns and refunds. Order confirmations and security e-mails always come.",
  },
  {
    key: "whatsapp_order_updates",
    label: "Order updates on WhatsApp",
    hint: 'For orders where you ticked "Send me order updates on WhatsApp" at checkout.',
  },
];

/** The account page's two switches: each saved as soon as it is changed. */
export function NotificationSwitches() {
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [status, setStatus] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<NotificationSettings>("/api/account/notifications/", undefined, { signal: controller.signal })
      .then(
        setSettings,
        () => !controller.signal.aborted && setStatus({ tone: "error", text: MESSAGES.unexpectedError }),
      );
    return () => controller.abort();
  }, []);

  /** Shown at once (a switch answers the hand), then saved; a refusal puts it back and says so. */
  async function change(key: keyof NotificationSettings, on: boolean) {
    const before = settings;
    if (before) setSettings({ ...before, [key]: on });
    setSaving(true);
    try {
      setSettings(await api.put<NotificationSettings>("/api/account/notifications/", { [key]: on }));
      setStatus({ tone: "success", text: "Saved." });
    } catch {
      setSettings(before);
      setStatus({ tone: "error", text: MESSAGES.unexpectedError });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section
      aria-labelledby="notifications-heading"
      aria-busy={!settings || saving}
      className="mt-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-linen sm:p-8"
    >
      <h2 id="notifications-heading" className="text-2xl font-semibold text-indigo-ink">
        Messages about your orders
      </h2>
      <div className="mt-4 space-y-4">
        {SWITCHES.map(({ key, label, hint }) => (
          <label key={key} className="flex items-start gap-3 text-charcoal">
            <input
              type="checkbox"
              name={key}
              checked={settings?.[key] ?? false}
              disabled={!settings || saving}
              onChange={(event) => void change(key, event.target.checked)}
              className="mt-1 h-5 w-5 accent-indigo-ink"
            />
            <span>
              <span className="text-lg">{label}</span>
              <span className="block text-sm text-charcoal/80">{hint}</span>
            </span>
          </label>
        ))}
        <div aria-live="polite">{status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}</div>
      </div>
    </section>
  );
}
