import { Link } from "react-router";
import { useSession } from "../../lib/session";
import { UserIcon } from "../ui/icons";

/** "Log in" for guests, "Account" once a session is stored (known only after hydration). */
export function AccountLink() {
  const { token } = useSession();
  const label = token ? "Account" : "Log in";
  return (
    <Link
      to={token ? "/account" : "/login"}
      className="flex items-center gap-1.5 rounded p-2 text-sm font-medium hover:text-madder"
    >
      <UserIcon />
      <span className="sr-only xl:not-sr-only">{label}</span>
    </Link>
  );
}
