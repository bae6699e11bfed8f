import { useEffect, useId, useRef, type ReactNode } from "react";
import { BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SECONDARY } from "./styles";

/**
 * A modal question before a change that cannot be undone. The native <dialog> traps focus, closes on
 * Escape and gives focus back to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-charcoal shadow-2xl backdrop:bg-charcoal/50"
    >
      <h2 id={titleId} className="text-2xl font-semibold text-indigo-ink">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className={BUTTON_SECONDARY} onClick={onClose} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? BUTTON_DANGER : BUTTON_PRIMARY} onClick={onConfirm} disabled={busy}>
          {busy ? "Working..." : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
