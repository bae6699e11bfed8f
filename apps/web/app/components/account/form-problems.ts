import { ApiError } from "../../lib/api";

/** Field messages keyed by field name, plus messages that belong to the whole form. */
export type Problems<F extends string> = { fields: Partial<Record<F, string>>; form: string | null };

export function noProblems<F extends string>(): Problems<F> {
  return { fields: {}, form: null };
}

export function hasProblems<F extends string>(problems: Problems<F>): boolean {
  return problems.form !== null || Object.values(problems.fields).some(Boolean);
}

/** The form's text fields by name (a missing control reads as empty). */
export function readFields<F extends string>(form: HTMLFormElement, names: readonly F[]): Record<F, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? "")])) as Record<F, string>;
}

/**
 * What an API failure means for the form: field errors of a 400/409 under their fields (paths may be
 * prefixed, "body.email"), otherwise the server's sentence, or a generic one when there is none.
 */
export function problemsFromApi<F extends string>(error: unknown, names: readonly F[], fallback: string): Problems<F> {
  const problems = noProblems<F>();
  if (!(error instanceof ApiError) || !error.body) {
    console.error("Account request failed", error);
    problems.form = fallback;
    return problems;
  }
  for (const issue of error.body.errors ?? []) {
    const name = issue.path.split(".").at(-1) as F | undefined;
    if (name && names.includes(name)) problems.fields[name] ??= issue.message;
  }
  if (!Object.values(problems.fields).some(Boolean)) problems.form = error.body.message;
  return problems;
}

/** Moves focus to the first field with a problem, so keyboard and screen-reader users land on it. */
export function focusFirstProblem<F extends string>(
  form: HTMLFormElement,
  order: readonly F[],
  problems: Problems<F>,
): void {
  const first = order.find((name) => problems.fields[name]);
  const control = first ? form.elements.namedItem(first) : null;
  if (control instanceof HTMLElement) control.focus();
}
