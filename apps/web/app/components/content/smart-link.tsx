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
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
