import type { StaffListResponse, StaffMember } from "@store/shared";
import { useState } from "react";
import { adminMeta } from "../../components/admin/admin-meta";
import { adminApi } from "../../components/admin/admin-api";
import { useAdminAccess } from "../../components/admin/admin-access";
import { ConfirmDialog } from "../../components/admin/confirm-dialog";
import { SelectInput } from "../../components/admin/form-controls";
import { ListTable, LoadState, type Column } from "../../components/admin/list-table";
import { PageHeader } from "../../components/admin/page-header";
import { ROLE_LABELS, ROLE_OPTIONS, StaffInviteForm } from "../../components/admin/staff-invite-form";
import { BUTTON_SECONDARY, SECTION_TITLE } from "../../components/admin/styles";
import { useAdminAction, useAdminResource } from "../../components/admin/use-admin-resource";
import { Notice, useNotice } from "../../components/ui/notice";

export function meta() {
  return adminMeta("Staff");
}

/** Owners and staff: invite by e-mail, change a role, remove access (never your own, never the last owner). */
export default function Staff() {
  const { access } = useAdminAccess();
  const me = access.status === "admin" ? access.email : "";
  const staff = useAdminResource<StaffListResponse>("/api/admin/staff");
  const action = useAdminAction();
  const notice = useNotice();
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  async function changeRole(member: StaffMember, role: string) {
    const saved = await action.run(() => adminApi.patch<StaffMember>(`/api/admin/staff/${member.id}`, { role }));
    if (!saved) return;
    notice.show(`${member.email} is now ${ROLE_LABELS[saved.role].split(" (")[0]?.toLowerCase()}.`);
    staff.reload();
  }

  async function remove(member: StaffMember) {
    const done = await action.run(() => adminApi.remove(`/api/admin/staff/${member.id}`));
    setRemoving(null);
    if (done === undefined) return;
    notice.show(`${member.email} can no longer open the back office.`);
    staff.reload();
  }

  const columns: Column<StaffMember>[] = [
    {
      header: "Person",
      cell: (m) => (
        <span className="block min-w-40">
          <span className="block break-all">{m.email}</span>
          {m.name && <span className="block text-xs font-normal text-charcoal/75">{m.name}</span>}
          {!m.has_password && (
            <span className="block text-xs font-normal text-charcoal/75">Invited: has not set a password yet</span>
          )}
        </span>
      ),
    },
    {
      header: "Role",
      cell: (m) =>
        m.email === me ? (
          <span>{ROLE_LABELS[m.role]} (you)</span>
        ) : (
          <SelectInput
            id={`role-${m.id}`}
            label={`Role of ${m.email}`}
            hideLabel
            value={m.role}
            onChange={(role) => void changeRole(m, role)}
            options={ROLE_OPTIONS}
            className="min-w-48"
          />
        ),
    },
    {
      header: "Access",
      cell: (m) =>
        m.email === me ? (
          "-"
        ) : (
          <button
            type="button"
            className={BUTTON_SECONDARY}
            disabled={action.busy}
            aria-label={`Remove access of ${m.email}`}
            onClick={() => setRemoving(m)}
          >
            Remove access
          </button>
        ),
    },
  ];

  return (
    <>
      <PageHeader title="Staff" lead="Who can open the back office, and what they may do there." />
      <div className="space-y-6">
        <StaffInviteForm
          onInvited={(member) => {
            notice.show(`Invitation sent to ${member.email}.`);
            staff.reload();
          }}
        />
        <section aria-labelledby="staff-list">
          <h2 id="staff-list" className={`${SECTION_TITLE} mb-3`}>
            People with access
          </h2>
          {action.failure && (
            <p role="alert" className="mb-3 font-medium text-madder">
              {action.failure.message}
            </p>
          )}
          {!staff.data ? (
            <LoadState error={staff.error} onRetry={staff.reload} />
          ) : (
            <ListTable
              caption="People with access"
              columns={columns}
              rows={staff.data.data}
              busy={staff.loading}
              empty="Nobody yet."
            />
          )}
        </section>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remove access?"
        confirmLabel="Remove access"
        cancelLabel="Keep access"
        danger
        busy={action.busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      >
        <p>
          {removing?.email} will no longer be able to open the back office. Their shop account, if they use one, stays.
        </p>
      </ConfirmDialog>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}
