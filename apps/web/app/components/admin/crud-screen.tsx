import { useRef, useState } from "react";
import { Notice, useNotice } from "../ui/notice";
import { adminApi } from "./admin-api";
import { ConfirmDialog } from "./confirm-dialog";
import { CrudForm } from "./crud-form";
import type { CrudConfig } from "./crud-types";
import { ListTable, LoadState, type Column } from "./list-table";
import { PageHeader } from "./page-header";
import { BUTTON_LINK, BUTTON_PRIMARY } from "./styles";
import { useAdminAction, useAdminResource } from "./use-admin-resource";

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The screen of a flat back-office record: its list with Edit and Delete per row, and an add/edit form
 * above the list. After the form closes, focus goes back to the button that opened it.
 */
export function CrudScreen<T extends { id: number }>({ config }: { config: CrudConfig<T> }) {
  const list = useAdminResource<{ data: T[] }>(config.path);
  const save = useAdminAction();
  const remove = useAdminAction();
  const notice = useNotice();
  const [form, setForm] = useState<{ editing: T | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  function openForm(editing: T | null, button: HTMLElement) {
    opener.current = button;
    save.setFailure(null);
    setForm({ editing, key: Date.now() });
  }
  function closeForm() {
    setForm(null);
    requestAnimationFrame(() => opener.current?.focus());
  }

  async function submit(payload: Record<string, unknown>) {
    const editing = form?.editing;
    const saved = await save.run(() =>
      editing ? adminApi.patch<T>(`${config.path}/${editing.id}`, payload) : adminApi.post<T>(config.path, payload),
    );
    if (!saved) return;
    notice.show(editing ? "Changes saved." : `${capitalised(config.singular)} added.`);
    list.reload();
    closeForm();
  }

  async function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    const done = await remove.run(async () => {
      await adminApi.remove(`${config.path}/${target.id}`);
      return true;
    });
    setDeleting(null);
    if (!done) return;
    notice.show(`${capitalised(config.nameOf(target))} deleted.`);
    list.reload();
    // Its row (and the button that was focused) is gone: start again at the screen's title.
    document.querySelector<HTMLElement>("[data-admin-title]")?.focus();
  }

  const columns: Column<T>[] = [
    ...config.columns,
    {
      header: "Actions",
      cell: (row) => (
        <span className="flex gap-3">
          <button
            type="button"
            className={BUTTON_LINK}
            aria-label={`Edit ${config.nameOf(row)}`}
            onClick={(e) => openForm(row, e.currentTarget)}
          >
            Edit
          </button>
          {!config.fixed && (
            <button
              type="button"
              className={`${BUTTON_LINK} text-madder`}
              aria-label={`Delete ${config.nameOf(row)}`}
              onClick={() => {
                remove.setFailure(null);
                setDeleting(row);
              }}
            >
              Delete
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={config.title}
        lead={config.lead}
        actions={
          config.fixed ? undefined : (
            <button type="button" className={BUTTON_PRIMARY} onClick={(e) => openForm(null, e.currentTarget)}>
              Add {config.singular}
            </button>
          )
        }
      />
      {form && (
        <CrudForm
          key={form.key}
          config={config}
          editing={form.editing}
          failure={save.failure}
          busy={save.busy}
          onSubmit={(p) => void submit(p)}
          onCancel={closeForm}
        />
      )}
      {remove.failure && (
        <p role="alert" className="mb-3 rounded-xl bg-madder/10 px-4 py-3 text-sm font-medium text-madder">
          {remove.failure.message}
        </p>
      )}
      {!list.data ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : (
        <ListTable
          caption={config.title}
          columns={columns}
          rows={list.data.data}
          busy={list.loading}
          empty={`No ${config.singular} yet.`}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting ? config.nameOf(deleting) : ""}?`}
        confirmLabel="Delete"
        cancelLabel="Keep it"
        danger
        busy={remove.busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>
      <Notice notice={notice.notice} onDismiss={notice.dismiss} />
    </>
  );
}
