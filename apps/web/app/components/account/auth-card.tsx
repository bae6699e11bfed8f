import { BRAND } from "@store/shared";
import type { ReactNode } from "react";

/** The frame of the account screens: a centred card with a title, an intro and the form. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 pb-8 pt-10 sm:pt-16">
      <section aria-labelledby="auth-title" className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-linen sm:p-10">
        <p className="text-sm font-medium uppercase tracking-widest text-madder">{BRAND}</p>
        <h1 id="auth-title" className="mt-2 text-3xl font-semibold text-indigo-ink sm:text-4xl">
          {title}
        </h1>
        <div className="mt-2 text-charcoal/85">{intro}</div>
        <div className="mt-8">{children}</div>
      </section>
      {footer && <div className="mt-6 text-center text-charcoal/85">{footer}</div>}
    </div>
  );
}

/** A sentence about the whole form: the server's refusal (alert) or good news such as "account created" (status). */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  const classes = tone === "error" ? "bg-madder/10 text-madder" : "bg-sage/15 text-charcoal";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-xl px-4 py-3 text-sm font-medium ${classes}`}>
      {children}
    </p>
  );
}
