import { BACK_OFFICE_ROLES, STAFF_ORDER_TARGETS, type BackOfficeRole, type PublicUser } from "@store/shared";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { api, isApiError } from "../../lib/api";
import { useSession } from "../../lib/session";
import { failureOf } from "./failures";

/** The server's answer to a shopper on every admin route (403), shown before any admin call is made. */
export const ADMIN_ONLY_MESSAGE = "This needs an administrator account.";

/** The server's code when staff ask for something only the owner may do (admin/staff-access.ts). */
export const OWNER_ONLY_CODE = "OWNER_ONLY";

const isBackOfficeRole = (role: string): role is BackOfficeRole =>
  (BACK_OFFICE_ROLES as readonly string[]).includes(role);

/**
 * Back-office screens staff may open (the server's allowlist decides; this only hides what would be
 * refused). The shell's navigation can hide the other links for staff with `ownerOnlyScreen`.
 */
const STAFF_SCREENS = [
  /^\/admin\/?$/,
  /^\/admin\/orders(\/|$)/,
  /^\/admin\/returns\/?$/,
  /^\/admin\/failed-deliveries\/?$/,
  /^\/admin\/products(\/|$)/,
  /^\/admin\/queries\/?$/,
];
export const ownerOnlyScreen = (path: string) => !STAFF_SCREENS.some((screen) => screen.test(path));

export type Access =
  | { status: "checking" }
  | { status: "signed-out"; message: string | null }
  | { status: "forbidden"; message: string }
  | { status: "failed"; message: string }
  /** Signed in to the back office: the owner (`admin`) or `staff` (who fulfil orders; decision 027). */
  | { status: "admin"; email: string; role: BackOfficeRole };

type AccessContextValue = {
  access: Access;
  /** Handles a refused admin call (401: sign in again; 403: not an admin). True when it did. */
  refuse: (error: unknown) => boolean;
  retry: () => void;
};

const AccessContext = createContext<AccessContextValue>({
  access: { status: "checking" },
  refuse: () => false,
  retry: () => {},
});

/**
 * Who is using the back office, checked in the browser with the stored token (admin data is never
 * rendered on the server). The server guards every admin call itself; this only decides what to show:
 * the screens, a sign-in form, or the refusal. Any later 401/403 from an admin call lands here too.
 */
export function AdminAccessProvider({ children }: { children: ReactNode }) {
  const { ready, token } = useSession();
  const [access, setAccess] = useState<Access>({ status: "checking" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!ready) return;
    if (!token) {
      setAccess({ status: "signed-out", message: null });
      return;
    }
    const controller = new AbortController();
    setAccess({ status: "checking" });
    api.get<{ user: PublicUser }>("/api/me/", undefined, { signal: controller.signal }).then(
      ({ user }) =>
        setAccess(
          isBackOfficeRole(user.role)
            ? { status: "admin", email: user.email, role: user.role }
            : { status: "forbidden", message: ADMIN_ONLY_MESSAGE },
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error, 401)) setAccess({ status: "signed-out", message: error.message });
        else setAccess({ status: "failed", message: failureOf(error).message });
      },
    );
    return () => controller.abort();
  }, [ready, token, attempt]);

  const refuse = useCallback((error: unknown) => {
    // Staff asking for an owner's action stay signed in: the screen shows "This needs the owner's account."
    if (isApiError(error, 403, OWNER_ONLY_CODE)) return false;
    if (isApiError(error, 401)) setAccess({ status: "signed-out", message: error.message });
    else if (isApiError(error, 403)) setAccess({ status: "forbidden", message: error.message });
    else return false;
    return true;
  }, []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const value = useMemo(() => ({ access, refuse, retry }), [access, refuse, retry]);
  return <AccessContext value={value}>{children}</AccessContext>;
}

export function useAdminAccess(): AccessContextValue {
  return useContext(AccessContext);
}

/**
 * The signed-in back-office role, for screens that hide what staff may not do (the server refuses it
 * anyway): `isOwner`, and `mayMoveOrderTo` for the order actions.
 */
export function useBackOfficeRole(): {
  role: BackOfficeRole | null;
  isOwner: boolean;
  mayMoveOrderTo: (status: string) => boolean;
} {
  const { access } = useAdminAccess();
  const role = access.status === "admin" ? access.role : null;
  const isOwner = role === "admin";
  return {
    role,
    isOwner,
    mayMoveOrderTo: (status) => isOwner || (STAFF_ORDER_TARGETS as readonly string[]).includes(status),
  };
}
