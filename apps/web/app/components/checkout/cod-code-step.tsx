import type { CodCodeChannel, ConfirmCodRequest } from "@store/shared";
import { useEffect, useRef, useState } from "react";
import { checkCode, codeDestination, codeStepText } from "./cod-code";
import type { CodWaiting } from "./use-checkout";
import { Button } from "../ui/button";

/**
 * Cash on delivery's second step for a guest (or an account not verified yet): the order waits for the
 * code sent to the shopper on WhatsApp or by e-mail. It says where it went and what that means, takes the
 * code, and can send a new one, on the other channel too (decision 076); "Change
 * details" goes back to the form (placing the order again e-mails a new code, to the address then given).
 * Focus lands on the code field. Buttons rather than a nested form: the step sits inside the checkout's form.
 */
export function CodCodeStep({
  waiting,
  busy,
  alert,
  events,
  onEdit,
}: {
  waiting: CodWaiting;
  busy: boolean;
  /** The server's answer to the last try (a wrong code, a refused new code), shown under the field. */
  alert: string | null;
  /** `resend(channel)`: a new code, on that channel (WhatsApp or e-mail) or the same one. */
  events: {
    confirm: (request: ConfirmCodRequest) => Promise<void>;
    resend: (channel?: CodCodeChannel) => Promise<void>;
  };
  onEdit: () => void;
}) {
  const { order, sends } = waiting;
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const error = problem ?? alert;

  useEffect(() => {
    input.current?.focus();
  }, []);
  // Back to the field after a refused code, selected, so the next one replaces it.
  useEffect(() => {
    if (!alert) return;
    input.current?.focus();
    input.current?.select();
  }, [alert]);

  function confirm() {
    const check = checkCode(order.order_id, code);
    if (!check.ok) {
      setProblem(check.message);
      input.current?.focus();
      return;
    }
    setProblem(null);
    void events.confirm(check.body);
  }

  return (
    <section
      aria-labelledby="cod-code-title"
      className="mt-5 space-y-4 rounded-xl border border-indigo-ink/30 bg-cream/40 p-4"
    >
      <h3 id="cod-code-title" className="text-lg font-semibold text-indigo-ink">
        Confirm your order
      </h3>
      <p id="cod-code-lead" className="text-sm text-charcoal">
        {codeStepText(order, Date.now())}
      </p>
      {sends > 1 && (
        <p role="status" className="rounded-lg bg-sage/15 px-3 py-2 text-sm text-charcoal">
          We have sent a new code {codeDestination(order)}. Only the newest code works.
        </p>
      )}
      <div>
        <label htmlFor="cod-code" className="text-sm font-semibold text-charcoal">
          6-digit code
        </label>
        <input
          ref={input}
          id="cod-code"
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            if (!busy) confirm();
          }}
          readOnly={busy}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "cod-code-error cod-code-lead" : "cod-code-lead"}
          className={`mt-1.5 w-full rounded-xl border bg-white px-4 py-3 text-center text-2xl tracking-[0.4em] tabular-nums text-charcoal focus:border-indigo-ink ${error ? "border-madder" : "border-charcoal/25"}`}
        />
        {error && (
          <p
            role="alert"
            id="cod-code-error"
            className="mt-2 rounded-xl bg-madder/10 px-4 py-3 text-sm font-medium text-madder"
          >
            {error}
          </p>
        )}
      </div>
      <Button size="xl" className="w-full" onClick={confirm} disabled={busy}>
        {busy ? "Processing..." : "Confirm order"}
      </Button>
      <div className="grid gap-2">
        <Button variant="secondary" className="w-full" onClick={() => void events.resend()} disabled={busy}>
          Send a new code
        </Button>
        {order.channel === "whatsapp" ? (
          <Button variant="secondary" className="w-full" onClick={() => void events.resend("email")} disabled={busy}>
            Send the code by e-mail instead
          </Button>
        ) : (
          order.whatsapp_available && (
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => void events.resend("whatsapp")}
              disabled={busy}
            >
              Send the code on WhatsApp instead
            </Button>
          )
        )}
        <Button variant="secondary" className="w-full" onClick={onEdit} disabled={busy}>
          Change details
        </Button>
      </div>
    </section>
  );
}
