import {
  formatMoney,
  RETURN_PHOTOS_MAX,
  returnInspectionSchema,
  sizeLabel,
  type AdminReturnView,
  type ReturnInspectionInput,
  type ReturnOutcome,
} from "@store/shared";
import { useState } from "react";
import { readAsDataUrl } from "../../lib/data-url";
import { fieldsFromIssues } from "./failures";
import { TextArea, TextInput } from "./form-controls";
import { BUTTON_PRIMARY } from "./styles";

type Run = (path: string, body: unknown, done: string) => Promise<boolean>;

const OUTCOME_TEXT: Record<ReturnOutcome, string> = {
  accept: "Accept: refund all of it",
  accept_part: "Accept part of it: refund an amount",
  reject: "Reject: refund nothing",
};

/**
 * The received parcel checked (decision 063): accepted whole, in part with the amount to refund, or rejected;
 * a reason and photos of what was found (needed unless accepted whole); and, once accepted, how many pieces
 * of each line go back on sale (the rest are written off).
 */
export function ReturnInspection({ request, busy, run }: { request: AdminReturnView; busy: boolean; run: Run }) {
  const [outcome, setOutcome] = useState<ReturnOutcome>("accept");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [restock, setRestock] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const outcomes: ReturnOutcome[] =
    request.kind === "exchange" ? ["accept", "reject"] : ["accept", "accept_part", "reject"];
  const id = (field: string) => `inspect-${field}-${request.id}`;

  async function submit(form: HTMLFormElement) {
    const files = new FormData(form).getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
    const body: ReturnInspectionInput = {
      outcome,
      note,
      ...(outcome === "accept_part" && { refund_amount: amount === "" ? Number.NaN : Number(amount) }),
      ...(outcome !== "reject" && {
        lines: request.lines.map((line) => ({ id: line.id, restock: Number(restock[line.id] ?? line.quantity) })),
      }),
      photos: await Promise.all(files.slice(0, RETURN_PHOTOS_MAX + 1).map(readAsDataUrl)),
    };
    const parsed = returnInspectionSchema.safeParse(body);
    if (!parsed.success) {
      const fields = fieldsFromIssues(parsed.error.issues);
      setErrors(fields);
      const first = fields.refund_amount ? "amount" : fields.note ? "note" : null;
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    await run(`/api/admin/returns/${request.id}/inspect`, body, `Checked ${request.kind} #${request.id}`);
  }

  return (
    <form
      noValidate
      aria-label={`Check ${request.kind} #${request.id}`}
      className="mt-4 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold">The parcel is checked</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {outcomes.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={id("outcome")}
                value={value}
                checked={outcome === value}
                onChange={() => setOutcome(value)}
              />
              {value === "accept" && request.kind === "return"
                ? `Accept: refund ${formatMoney(request.refund, request.currency)}`
                : value === "accept"
                  ? "Accept: send the new size"
                  : OUTCOME_TEXT[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {outcome === "accept_part" && (
        <TextInput
          id={id("amount")}
          label={`Amount to refund (${request.currency}, at most ${formatMoney(request.refund, request.currency)})`}
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          error={errors.refund_amount}
          className="max-w-xs"
        />
      )}
      <TextArea
        id={id("note")}
        label="What you found (the shopper is told)"
        hint={outcome === "accept" ? "Optional when accepted whole" : "Needed: why not all of it is refunded"}
        rows={2}
        value={note}
        onChange={setNote}
        error={errors.note}
      />
      <div>
        <label htmlFor={id("photos")} className="text-sm font-semibold">
          Photos of what you found (up to {RETURN_PHOTOS_MAX})
        </label>
        <input id={id("photos")} name="photos" type="file" accept="image/*" multiple className="mt-1 block text-sm" />
        {errors.photos && <p className="mt-1 text-sm text-madder">{errors.photos}</p>}
      </div>
      {outcome !== "reject" && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Back on sale (the rest are written off)</legend>
          {request.lines.map((line) => (
            <TextInput
              key={line.id}
              id={id(`restock-${line.id}`)}
              label={`${line.product_name} (size ${sizeLabel(line.size)}): pieces back on sale, of ${line.quantity}`}
              inputMode="numeric"
              value={restock[line.id] ?? String(line.quantity)}
              onChange={(value) => setRestock({ ...restock, [line.id]: value })}
              className="max-w-xs"
            />
          ))}
        </fieldset>
      )}
      <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
        Save the check
      </button>
    </form>
  );
}
