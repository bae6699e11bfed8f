import {
  isReturnFromAbroad,
  MESSAGES,
  PRODUCT_SIZES,
  RETURN_PHOTOS_MAX,
  RETURN_REASONS,
  sizeLabel,
  type OrderDetail,
  type RefundVia,
  type ReturnKind,
  type ReturnRequestInput,
  type ReturnView,
} from "@store/shared";
import { useRef, useState } from "react";
import { api } from "../../lib/api";
import { FormMessage } from "../account/auth-card";
import { problemsFromApi, type Problems } from "../account/form-problems";
import { Button } from "../ui/button";
import { readAsDataUrl } from "../../lib/data-url";
import { ReturnAbroadTerms } from "./return-abroad";

const FIELDS = [
  "reason",
  "details",
  "upi_id",
  "account_name",
  "account_number",
  "ifsc",
  "refund_to",
  "refund_via",
] as const;
type Field = (typeof FIELDS)[number];
const CONTROL = "mt-1 w-full rounded-xl border border-charcoal/25 bg-cream/40 px-3 py-2 text-base";
const LABEL = "text-sm font-semibold text-charcoal";

/** Pieces of each line still free to send back: not in a request the seller did not refuse. */
export function freePieces(order: OrderDetail): Map<number, number> {
  const free = new Map(order.lines.map((line) => [line.line_id, line.quantity]));
  for (const request of order.returns) {
    if (request.status === "refused") continue;
    for (const line of request.lines) free.set(line.line_id, (free.get(line.line_id) ?? 0) - line.quantity);
  }
  return free;
}

/** The request: which pieces, a return or another size, why, photos, and for cash on delivery where the refund goes. */
export function ReturnRequestForm({
  order,
  linkSecret,
  onDone,
  onCancel,
}: {
  order: OrderDetail;
  linkSecret: string | null;
  onDone: (request: ReturnView) => void;
  onCancel: () => void;
}) {
  const free = freePieces(order);
  const lines = order.lines.filter((line) => (free.get(line.line_id) ?? 0) > 0);
  const [kind, setKind] = useState<ReturnKind>("return");
  const [payout, setPayout] = useState<"upi" | "bank">("upi");
  const [problems, setProblems] = useState<Problems<Field>>({ fields: {}, form: null });
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const [refundVia, setRefundVia] = useState<RefundVia>("original");
  // Store credit is held by an account: offered on the signed-in order page (no link secret), never to a guest.
  const creditOffered = kind === "return" && linkSecret === null;
  const toCredit = creditOffered && refundVia === "store_credit";
  const cashRefund = kind === "return" && order.payment_method === "cod" && !toCredit;
  // From abroad the shopper sends the parcel and gets a refund; no size exchange (decision 085).
  const abroad = isReturnFromAbroad(order.delivery.country);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const data = new FormData(event.currentTarget);
    const chosen = lines
      .filter((line) => data.get(`line-${line.line_id}`) === "on")
      .map((line) => ({
        line_id: line.line_id,
        quantity: Number(data.get(`quantity-${line.line_id}`) ?? 1),
        ...(kind === "exchange" && { exchange_size: String(data.get(`size-${line.line_id}`) ?? "") }),
      }));
    if (chosen.length === 0) {
      setProblems({ fields: {}, form: "Choose the pieces to send back." });
      return;
    }
    const files = data.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
    if (files.length > RETURN_PHOTOS_MAX) {
      setProblems({ fields: {}, form: `Add at most ${RETURN_PHOTOS_MAX} photos.` });
      return;
    }
    const text = (name: string) => String(data.get(name) ?? "").trim();
    inFlight.current = true;
    setSending(true);
    setProblems({ fields: {}, form: null });
    try {
      const body: ReturnRequestInput = {
        kind,
        reason: text("reason") as ReturnRequestInput["reason"],
        details: text("details"),
        lines: chosen,
        photos: await Promise.all(files.map(readAsDataUrl)),
        ...(toCredit && { refund_via: "store_credit" }),
        ...(cashRefund && {
          refund_to:
            payout === "upi"
              ? { method: "upi", upi_id: text("upi_id") }
              : {
                  method: "bank",
                  account_name: text("account_name"),
                  account_number: text("account_number"),
                  ifsc: text("ifsc"),
                },
        }),
      };
      const query = linkSecret ? `?token=${encodeURIComponent(linkSecret)}` : "";
      const answer = await api.post<{ data: ReturnView }>(`/api/orders/${order.id}/returns${query}`, body, {
        auth: !linkSecret,
      });
      onDone(answer.data);
    } catch (error) {
      setProblems(problemsFromApi(error, FIELDS, MESSAGES.unexpectedError));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  const fieldError = (name: Field) =>
    problems.fields[name] && <p className="mt-1 text-sm font-medium text-madder">{problems.fields[name]}</p>;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={sending}
      aria-label="Ask for a return or an exchange"
      className="mt-4 space-y-5"
    >
      {abroad && <ReturnAbroadTerms order={order} />}
      <fieldset hidden={abroad}>
        <legend className={LABEL}>What would you like?</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {(["return", "exchange"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="kind" checked={kind === value} onChange={() => setKind(value)} />
              {value === "return" ? "A refund" : "Another size"}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={LABEL}>Pieces to send back</legend>
        <ul className="mt-2 space-y-3">
          {lines.map((line) => {
            const left = free.get(line.line_id) ?? 0;
            const sizes = PRODUCT_SIZES.filter((size) => size !== line.size && size !== "ONE");
            return (
              <li key={line.line_id} className="flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-2">
                  <input type="checkbox" name={`line-${line.line_id}`} />
                  {line.product_name} (size {sizeLabel(line.size)})
                  {!line.returnable && " (made to order: not returnable)"}
                </label>
                <label className="flex items-center gap-1 text-sm">
                  Pieces
                  <select name={`quantity-${line.line_id}`} className="rounded-lg border border-charcoal/25 px-2 py-1">
                    {Array.from({ length: left }, (_, i) => i + 1).map((n) => (
                      <option key={n}>{n}</option>
                    ))}
                  </select>
                </label>
                {kind === "exchange" && sizes.length > 0 && line.size !== "ONE" && (
                  <label className="flex items-center gap-1 text-sm">
                    New size
                    <select name={`size-${line.line_id}`} className="rounded-lg border border-charcoal/25 px-2 py-1">
                      {sizes.map((size) => (
                        <option key={size}>{size}</option>
                      ))}
                    </select>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div>
        <label htmlFor="return-reason" className={LABEL}>
          Reason
        </label>
        <select id="return-reason" name="reason" className={CONTROL}>
          {RETURN_REASONS.map((reason) => (
            <option key={reason}>{reason}</option>
          ))}
        </select>
        {fieldError("reason")}
      </div>
      <div>
        <label htmlFor="return-details" className={LABEL}>
          Anything we should know (optional)
        </label>
        <textarea id="return-details" name="details" rows={3} maxLength={1000} className={CONTROL} />
        {fieldError("details")}
      </div>
      <div>
        <label htmlFor="return-photos" className={LABEL}>
          Photos (up to {RETURN_PHOTOS_MAX}, optional; they help with a damaged piece)
        </label>
        <input id="return-photos" name="photos" type="file" accept="image/*" multiple className="mt-1 block text-sm" />
      </div>
      {creditOffered && (
        <fieldset>
          <legend className={LABEL}>Where should your refund go?</legend>
          <div className="mt-2 space-y-2">
            {(
              [
                [
                  "original",
                  order.payment_method === "cod"
                    ? "To your UPI id or bank account"
                    : order.bank_transfer
                      ? "By bank transfer, back to the account you paid from"
                      : "Back to how you paid",
                ],
                ["store_credit", "Store credit in your account: added as soon as we accept the return, never expires"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-start gap-2">
                <input
                  type="radio"
                  name="refund_via"
                  className="mt-1"
                  checked={refundVia === value}
                  onChange={() => setRefundVia(value)}
                />
                {label}
              </label>
            ))}
          </div>
          {fieldError("refund_via")}
        </fieldset>
      )}
      {cashRefund && (
        <fieldset>
          <legend className={LABEL}>You paid in cash: where should we send your refund?</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(["upi", "bank"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="payout" checked={payout === value} onChange={() => setPayout(value)} />
                {value === "upi" ? "UPI" : "Bank account"}
              </label>
            ))}
          </div>
          {payout === "upi" ? (
            <div className="mt-3">
              <label htmlFor="return-upi" className={LABEL}>
                UPI id
              </label>
              <input id="return-upi" name="upi_id" placeholder="name@bank" className={CONTROL} autoComplete="off" />
              {fieldError("upi_id")}
            </div>
          ) : (
            <div className="mt-3 grid gap-3 sm:grid-cols-3">
              {(
                [
                  ["account_name", "Account holder"],
                  ["account_number", "Account number"],
                  ["ifsc", "IFSC"],
                ] as const
              ).map(([name, label]) => (
                <div key={name}>
                  <label htmlFor={`return-${name}`} className={LABEL}>
                    {label}
                  </label>
                  <input id={`return-${name}`} name={name} className={CONTROL} autoComplete="off" />
                  {fieldError(name)}
                </div>
              ))}
            </div>
          )}
          {fieldError("refund_to")}
        </fieldset>
      )}
      {problems.form && <FormMessage tone="error">{problems.form}</FormMessage>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : "Send request"}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
