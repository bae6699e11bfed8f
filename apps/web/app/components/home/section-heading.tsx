/** The home page's section titles: a small eyebrow line above a serif heading. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div>
        {eyebrow && <p className="text-sm font-medium uppercase tracking-widest text-madder">{eyebrow}</p>}
        <h2 id={id} className="mt-1 text-3xl font-semibold text-indigo-ink sm:text-4xl">
          {title}
        </h2>
      </div>
      {children}
    </div>
  );
}
