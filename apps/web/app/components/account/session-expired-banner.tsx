import { Link, useLocation } from "react-router";
import { useSession } from "../../lib/session";
import { CloseIcon } from "../ui/icons";
import { loginPath } from "./safe-next";

/** Shown when the server refused the stored token (401): the shopper is a guest again until they log in. */
export function SessionExpiredBanner() {
  const { expiredMessage, dismissExpired } = useSession();
  const { pathname, search } = useLocation();
  if (!expiredMessage) return null;
  return (
    <div role="alert" className="border-b border-madder/30 bg-madder/10">
      <p className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 text-sm text-charcoal">
        <span className="flex-1">
          {expiredMessage}{" "}
          <Link
            to={loginPath(`${pathname}${search}`)}
            onClick={dismissExpired}
            className="font-semibold text-madder underline underline-offset-4"
          >
            Log in again
          </Link>
        </span>
        <button type="button" onClick={dismissExpired} aria-label="Dismiss" className="rounded p-1 hover:text-madder">
          <CloseIcon className="h-5 w-5" />
        </button>
      </p>
    </div>
  );
}
