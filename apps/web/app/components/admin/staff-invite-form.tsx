import { BACK_OFFICE_ROLES, staffInviteSchema, type StaffMember } from "@store/shared";
import { useState } from "react";
import { adminApi } from "./admin-api";
import { fieldsFromIssues, type FieldErrors } from "./failures";
import { SelectInput, TextInput } from "./form-controls";
import { BUTTON_PRIMARY, CARD, SECTION_TITLE } from "./styles";
import { useAdminAction } from "./use-admin-resource";

export const ROLE_LABELS: Record<(typeof BACK_OFFICE_ROLES)[number], string> = {
  admin: "Owner (everything)",
  staff: "Staff (orders and queries)",
};
export const ROLE_OPTIONS = BACK_OFFICE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Invite by e-mail: a new person gets a link to set their password; an existing shopper a note to log in. */
export function StaffInviteForm({ onInvited }: { onInvited: (member: StaffMember) => void }) {
  const action = useAdminAction();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<string>("staff");
  const [fields, setFields] = useState<FieldErrors>({});

  async function submit() {
    const checked = staffInviteSchema.safeParse({ email, role });
    if (!checked.success) {
      setFields(fieldsFromIssues(checked.error.issues));
      document.getElementById("invite-email")?.focus();
      return;
    }
    setFields({});
    const member = await action.run(() => adminApi.post<StaffMember>("/api/admin/staff", checked.data));
    if (!member) return;
    setEmail("");
    onInvited(member);
  }

  const emailError = fields.email ?? action.failure?.fields.email;
  return (
    <section aria-labelledby="invite-title" className={CARD}>
      <h2 id="invite-title" className={SECTION_TITLE}>
        Invite someone
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <TextInput
          id="invite-email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          error={emailError}
        />
        <SelectInput
          id="invite-role"
          label="Role"
          value={role}
          onChange={setRole}
          options={ROLE_OPTIONS}
          error={fields.role}
        />
        <button type="submit" className={BUTTON_PRIMARY} disabled={action.busy}>
          Send invitation
        </button>
      </form>
      {action.failure && !emailError && (
        <p role="alert" className="mt-2 text-sm font-medium text-madder">
          {action.failure.message}
        </p>
      )}
      <p className="mt-3 text-xs text-charcoal/75">
        Staff can see orders, products and queries, mark orders shipped or delivered and handle queries. They cannot
        change products or prices, promo codes, content, settings or staff, nor cancel or refund.
      </p>
    </section>
  );
}
