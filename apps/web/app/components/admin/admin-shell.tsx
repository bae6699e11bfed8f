import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session";
import { Skeleton } from "../ui/skeleton";
import { AdminAccessProvider, useAdminAccess, type Access } from "./admin-access";
import { AdminSignIn } from "./admin-sign-in";
import { BUTTON_LINK, BUTTON_SECONDARY } from "./styles";

const LINKS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/add_items", label: "Add product", end: true },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/promo-codes", label: "Promo codes", end: false },
  { to: "/admin/blogs", label: "Blog posts", end: false },
  { to: "/admin/home-strip", label: "Home strip", end: false },
  { to: "/admin/testimonials", label: "Testimonials", end: false },
  { to: "/admin/reviews", label: "Customer reviews", end: false },
  { to: "/admin/queries", label: "Queries", end: false },
] as const;

/** Focuses the screen's title (PageHeader or the sign-in heading). */
function focusTitle() {
  document.querySelector<HTMLElement>("[data-admin-title]")?.focus();
}

/**
 * The frame of every back-office screen (the /admin layout and /add_items). The server renders only this
 * frame; who is signed in, and every admin record, is read in the browser.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <AdminAccessProvider>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
        <AdminGate>{children}</AdminGate>
      </div>
    </AdminAccessProvider>
  );
}

function AdminGate({ children }: { children: ReactNode }) {
  const { access, retry } = useAdminAccess();
  const { pathname } = useLocation();
  const previous = useRef<Access["status"]>(access.status);
  const previousPath = useRef(pathname);

  // After signing in, and after moving between screens, start at the new screen's title.
  useEffect(() => {
    const admin = access.status === "admin";
    const cameIn = admin && (previous.current === "signed-out" || previous.current === "forbidden");
    if (cameIn || (admin && previousPath.current !== pathname)) focusTitle();
    if (access.status !== "checking") previous.current = access.status;
    previousPath.current = pathname;
  }, [access.status, pathname]);

  switch (access.status) {
    case "checking":
      return (
        <div aria-busy="true" className="space-y-4">
          <h1 className="sr-only">Back office</h1>
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-64 w-full" />
        </div>
      );
    case "signed-out":
      return (
        <div className="space-y-4">
          {access.message && (
            <p
              role="alert"
              className="mx-auto max-w-md rounded-xl bg-madder/10 px-4 py-3 text-sm font-medium text-madder"
            >
              {access.message}
            </p>
          )}
          <AdminSignIn title="Sign in to the back office" />
        </div>
      );
    case "forbidden":
      return (
        <div className="space-y-6">
          <h1 className="text-3xl font-semibold text-indigo-ink">Back office</h1>
          <p role="alert" className="rounded-xl bg-madder/10 px-4 py-3 font-medium text-madder">
            {access.message}
          </p>
          <AdminSignIn title="Sign in with an administrator account" level={2} />
        </div>
      );
    case "failed":
      return (
        <div role="alert" className="rounded-2xl bg-madder/10 p-5 text-madder">
          <h1 className="text-2xl font-semibold">Back office</h1>
          <p className="mt-2 font-medium">{access.message}</p>
          <button type="button" className={`${BUTTON_SECONDARY} mt-3`} onClick={retry}>
            Try again
          </button>
        </div>
      );
    case "admin":
      return (
        <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
          <AdminNav email={access.email} />
          <div className="min-w-0">{children}</div>
        </div>
      );
  }
}

function AdminNav({ email }: { email: string }) {
  const { signOut } = useSession();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the links scroll sideways: bring the current screen's link into view.
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list.current && current)
      list.current.scrollLeft += current.getBoundingClientRect().left - list.current.getBoundingClientRect().left - 16;
  }, [pathname]);
  async function logOut() {
    // The token is revoked on the server too; if that call fails, forgetting it here still signs out.
    await api.post("/api/logout/", {}).catch((error: unknown) => console.error("Logout failed", error));
    signOut();
  }
  return (
    <nav aria-label="Back office" className="mb-8 lg:mb-0">
      <p className="font-serif text-lg font-semibold text-indigo-ink">Back office</p>
      <ul ref={list} className="mt-3 flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
        {LINKS.map((link) => (
          <li key={link.to} className="flex-none">
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-indigo-ink text-white" : "hover:bg-linen hover:text-madder"}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 text-xs text-charcoal/80 lg:mt-4 lg:block lg:border-t lg:border-linen lg:pt-4">
        <p>
          Signed in as <span className="break-all font-medium">{email}</span>
        </p>
        <button type="button" className={`${BUTTON_LINK} text-sm lg:mt-2`} onClick={logOut}>
          Sign out
        </button>
      </div>
    </nav>
  );
}
