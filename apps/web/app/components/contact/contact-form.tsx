import { MESSAGES } from "@store/shared";
import { useRef, useState } from "react";
import { ApiError, api } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { Notice, useNotice } from "../ui/notice";
import { ContactField, type FieldName, type FieldSpec } from "./contact-field";
import { Button } from "../ui/button";

/** The spec's fields and placeholders. */
const FIELDS: Record<FieldName, FieldSpec> = {
  name: { label: "Name", placeholder: "Enter Name", autoComplete: "name" },
  country_code: { label: "Country", placeholder: "Country", autoComplete: "country-name" },
  mobile_number: { label: "Mobile number", placeholder: "Mobile Number", type: "tel", autoComplete: "tel" },
  email: { label: "Email", placeholder: "Enter Email", type: "email", autoComplete: "email" },
  query: { label: "Message", placeholder: "Enter Message", autoComplete: "off", multiline: true },
};

/** The spec's order; country and mobile number share a row on wider screens. */
const ROWS: FieldName[][] = [["name"], ["country_code", "mobile_number"], ["email"], ["query"]];

const isFieldName = (name: string | undefined): name is FieldName => name !== undefined && Object.hasOwn(FIELDS, name);

/** The form's current text, field by field (a missing control reads as empty). */
function readValues(form: HTMLFormElement): Record<FieldName, string> {
  const data = new FormData(form);
  const values = {} as Record<FieldName, string>;
  for (const name of Object.keys(FIELDS) as FieldName[]) values[name] = String(data.get(name) ?? "");
  return values;
}

/**
 * The API's schema, and zod with it (decision 045), load once the shopper starts on the form (focus,
 * or the submit itself), not with the page: the first load of every page stays under 130 KB (issue 18).
 * import() keeps the module once loaded, so later calls cost nothing.
 */
const loadSchema = () => import("@store/shared/schemas/content").then((module) => module.createQueryRequestSchema);

type Problems = { fields: Partial<Record<FieldName, string>>; other: string[] };
const NO_PROBLEMS: Problems = { fields: {}, other: [] };

/** Field problems from our schema or the API's 400 body (`path` may be prefixed, e.g. "body.email"). */
function toProblems(issues: { path: string; message: string }[]): Problems {
  const problems: Problems = { fields: {}, other: [] };
  for (const issue of issues) {
    const name = issue.path.split(".").at(-1);
    if (!isFieldName(name)) problems.other.push(issue.message);
    else problems.fields[name] ??= issue.message;
  }
  return problems;
}

/**
 * The contact form: browser validation first (required, e-mail type), then the API's own schema, then
 * POST /api/create-query/. Success shows the notice and clears the fields; failure keeps them.
 */
export function ContactForm() {
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [sending, setSending] = useState(false);
  // State updates land on the next render; the ref stops a second submit within the same frame.
  const inFlight = useRef(false);
  const hydrated = useHydrated();
  const { notice, show, dismiss } = useNotice();

  // Editing a field clears its problem; the others stay until the next submit.
  const edited = (name: FieldName) => {
    setProblems((current) =>
      current.fields[name] ? { ...current, fields: { ...current.fields, [name]: undefined } } : current,
    );
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    const values = readValues(form);
    inFlight.current = true;
    try {
      const parsed = (await loadSchema()).safeParse(values);
      if (!parsed.success) {
        setProblems(
          toProblems(parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }))),
        );
        return;
      }
      setSending(true);
      setProblems(NO_PROBLEMS);
      await api.post("/api/create-query/", parsed.data, { auth: false });
      form.reset();
      show(MESSAGES.contactSuccess);
    } catch (error) {
      // Spec: a failed submit is only logged and the fields are kept. Our deviation: bad input that the
      // server rejects with field errors is shown next to the fields, so the shopper can correct it.
      console.error("Contact query failed", error);
      if (error instanceof ApiError && error.status === 400 && error.body?.errors?.length)
        setProblems(toProblems(error.body.errors));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <section
      aria-labelledby="contact-form-title"
      className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-linen sm:p-8"
    >
      <h2 id="contact-form-title" className="text-3xl font-semibold text-indigo-ink">
        Contact Us
      </h2>
      <p className="mt-2 text-charcoal/80">
        Questions, custom orders or wholesale: write to us and we will reply within one working day.
      </p>
      <form
        className="mt-6 space-y-4"
        onSubmit={submit}
        onFocus={() => void loadSchema().catch(() => undefined)}
        aria-busy={sending}
      >
        {ROWS.map((row) => (
          <div key={row.join()} className={row.length > 1 ? "grid gap-4 sm:grid-cols-[2fr_3fr]" : undefined}>
            {row.map((name) => (
              <ContactField key={name} name={name} field={FIELDS[name]} error={problems.fields[name]} onEdit={edited} />
            ))}
          </div>
        ))}
        {problems.other.length > 0 && (
          <ul role="alert" className="rounded-xl bg-madder/10 p-4 text-sm font-medium text-madder">
            {problems.other.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        <Button type="submit" size="xl" className="w-full sm:w-auto" disabled={!hydrated || sending}>
          Submit
        </Button>
      </form>
      <Notice notice={notice} onDismiss={dismiss} />
    </section>
  );
}
