import type { AdminReturnView } from "@store/shared";
import { useState } from "react";
import { TextArea, TextInput } from "./form-controls";
import { ReturnInspection } from "./return-inspection";
import { BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SECONDARY } from "./styles";

export type Run = (path: string, body: unknown, done: string) => Promise<boolean>;

/** The steps open to the request in its state. */
export function ReturnSteps({ request, busy, run }: { request: AdminReturnView; busy: boolean; run: Run }) {
  const [note, setNote] = useState("");
  const [reference, setReference] = useState("");
  const path = (step: string) => `/api/admin/returns/${request.id}/${step}`;
  const name = `${request.kind} #${request.id}`;
  const buttons = "mt-3 flex flex-wrap gap-2";

  switch (request.status) {
    case "requested":
      return (
        <div className="mt-4">
          <TextArea
            id={`return-note-${request.id}`}
            label="Note to the shopper"
            hint="Needed to refuse: the reason. Optional to approve (when the courier will come, how to pack)."
            rows={2}
            value={note}
            onChange={setNote}
          />
          <div className={buttons}>
            <button
              type="button"
              className={BUTTON_PRIMARY}
              disabled={busy}
              onClick={() => void run(path("approve"), { note }, `Approved ${name}`).then((ok) => ok && setNote(""))}
            >
              Approve
            </button>
            <button
              type="button"
              className={BUTTON_DANGER}
              disabled={busy}
              onClick={() => void run(path("refuse"), { note }, `Refused ${name}`).then((ok) => ok && setNote(""))}
            >
              Refuse
            </button>
          </div>
        </div>
      );
    case "approved":
      return (
        <div className={buttons}>
          {!request.pickup && !request.sent_by_shopper && (
            <button
              type="button"
              className={BUTTON_SECONDARY}
              disabled={busy}
              onClick={() => void run(path("pickup"), {}, `Pickup booked for ${name}`)}
            >
              Book pickup
            </button>
          )}
          <button
            type="button"
            className={BUTTON_PRIMARY}
            disabled={busy}
            onClick={() => void run(path("receive"), {}, `Received ${name}`)}
          >
            Parcel received
          </button>
        </div>
      );
    case "received":
      return <ReturnInspection request={request} busy={busy} run={run} />;
    case "accepted":
      return (
        <div className={buttons}>
          <button
            type="button"
            className={BUTTON_PRIMARY}
            disabled={busy}
            onClick={() => void run(path("ship-exchange"), {}, `New size shipped for ${name}`)}
          >
            Ship new size
          </button>
        </div>
      );
    case "refund_due":
      return (
        <div className="mt-4 max-w-md">
          <TextInput
            id={`return-reference-${request.id}`}
            label="UPI or bank transfer reference"
            value={reference}
            onChange={setReference}
          />
          <div className={buttons}>
            <button
              type="button"
              className={BUTTON_PRIMARY}
              disabled={busy}
              onClick={() => void run(path("refund-paid"), { reference }, `Refund marked paid for ${name}`)}
            >
              Mark refund paid
            </button>
          </div>
        </div>
      );
    default:
      return null;
  }
}
