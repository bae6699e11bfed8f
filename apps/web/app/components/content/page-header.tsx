/** The heading block every content page opens with: a small eyebrow, the page's h1 and an optional lead. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: React.ReactNode;
}) {
  return (
    <header className="mx-auto max-w-3xl text-center">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-[0.2em] text-madder">{eyebrow}</p>}
      <h1 className="mt-2 text-balance text-4xl font-semibold leading-tight text-indigo-ink sm:text-5xl">{title}</h1>
      {lead && <p className="mx-auto mt-4 max-w-2xl text-pretty text-lg leading-8 text-charcoal/85">{lead}</p>}
      {children}
      <Divider />
    </header>
  );
}

/** A small block-print style ornament between a header and the page body. */
export function Divider() {
  return (
    <div aria-hidden="true" className="mx-auto mt-6 flex w-40 items-center gap-2 text-turmeric">
      <span className="h-px flex-1 bg-current" />
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
        <path d="M12 2l2.6 6.4L21 12l-6.4 2.6L12 21l-2.6-6.4L3 12l6.4-3.6z" />
      </svg>
      <span className="h-px flex-1 bg-current" />
    </div>
  );
}
