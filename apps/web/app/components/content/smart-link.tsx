import { Link } from "react-router";

type SmartLinkProps = { to: string; className?: string; children: React.ReactNode };

/** Our own paths navigate in the app; other sites open in a new tab (blog product links may be either). */
export function SmartLink({ to, className, children }: SmartLinkProps) {
  if (/^https?:\/\//.test(to)) {
    return (
      <a href={to} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <Link to={to} className={className}>{children}</Link>;
}

/** The shop's pill buttons, shared by the content pages so every call to action looks the same. */
export const BUTTON_CLASSES = {
  primary: "inline-flex items-center justify-center gap-2 rounded-full bg-indigo-ink px-6 py-3 font-medium text-white shadow-sm transition hover:bg-madder",
  accent: "inline-flex items-center justify-center gap-2 rounded-full bg-madder px-5 py-2.5 font-medium text-white shadow-sm transition hover:bg-indigo-ink",
  secondary: "inline-flex items-center justify-center gap-2 rounded-full border border-indigo-ink px-5 py-2.5 font-medium text-indigo-ink transition hover:bg-indigo-ink hover:text-white",
} as const;
