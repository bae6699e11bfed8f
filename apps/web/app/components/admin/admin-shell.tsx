import { SELLER } from "@store/shared";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session";
import { Skeleton } from "../ui/skeleton";
import { AdminAccessProvider, ownerOnlyScreen, useAdminAccess, type Access } from "./admin-access";
import { AdminSignIn } from "./admin-sign-in";
import { BUTTON_SECONDARY, PAGE_TITLE } from "./styles";

/** The back office's navigation, in the seller's order of the day; staff see only the screens they may use. */
const LINKS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/returns", label: "Returns", end: false },
  { to: "/admin/quotes", label: "Quotes", end: false },
  { to: "/admin/failed-deliveries", label: "Failed deliveries", end: false },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/add_items", label: "Add product", end: true },
  { to: "/admin/promo-codes", label: "Promo codes", end: false },
  { to: "/admin/blogs", label: "Blog posts", end: false },
  { to: "/admin/home-strip", label: "Home strip", end: false },
  { to: "/admin/testimonials", label: "Testimonials", end: false },
  { to: "/admin/reviews", label: "Customer reviews", end: false },
  { to: "/admin/queries", label: "Queries", end: false },
  { to: "/admin/sales", label: "Sales report", end: false },
  { to: "/admin/delivery-outcomes", label: "Delivery outcomes", end: false },
  { to: "/admin/feeds", label: "Product feeds", end: false },
  { to: "/admin/numbers", label: "Shop numbers", end: false },
  { to: "/admin/cod-rules", label: "COD rules", end: false },
  { to: "/admin/bank-transfer", label: "Bank transfer", end: false },
  { to: "/admin/trade", label: "Trade accounts", end: false },
  { to: "/admin/tax", label: "Tax figures", end: false },
  { to: "/admin/customers", label: "Customers", end: false },
  { to: "/admin/store-credit", label: "Store credit", end: false },
  { to: "/admin/gift-cards", label: "Gift cards", end: false },
  { to: "/admin/audit-log", label: "Audit log", end: false },
  { to: "/admin/staff", label: "Staff", end: false },
  { to: "/admin/tax-rules", label: "Tax rules", end: false },
  { to: "/admin/size-charts", label: "Size charts", end: false },
  { to: "/admin/exchange-rates", label: "Exchange rates", end: false },
  { to: "/admin/shipping-rates", label: "International rates", end: false },
  { to: "/admin/import-duties", label: "Import duties", end: false },
  { to: "/admin/settings", label: "Settings", end: false },
] as const;

/** Focuses the screen's title (PageHeader or the sign-in heading). */
function focusTitle() {
  document.querySelector<HTMLElement>("[data-admin-title]")?.focus();
}

/**
 * The frame of every back-office screen (the /admin layout and /add_items): a top bar, a sidebar at desktop
 * widths and a menu on a phone, and the screen in <main>. The shop's header, footer and chat button are
 * left out by root.tsx. The server renders only this frame; who is signed in, and every record, is read in
 * the browser.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <AdminAccessProvider>
      <AdminFrame>{children}</AdminFrame>
    </AdminAccessProvider>
  );
}

function AdminFrame({ children }: { children: ReactNode }) {
  const { access } = useAdminAccess();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const admin = access.status === "admin";
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // A new screen closes the phone menu.
  useEffect(closeMenu, [pathname, closeMenu]);
  return (
    <div className="min-h-screen">
      <TopBar
        email={admin ? access.email : null}
        menu={admin ? { open: menuOpen, controls: menuId, toggle: () => setMenuOpen((open) => !open) } : null}
      />
      <div className="mx-auto max-w-7xl px-4 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
        {admin && <AdminNav id={menuId} open={menuOpen} onClose={closeMenu} />}
        <main id="main" className={`min-w-0 py-6 sm:py-8 ${admin ? "" : "lg:col-span-2"}`}>
          <AdminGate>{children}</AdminGate>
        </main>
      </div>
    </div>
  );
}

interface MenuState {
  open: boolean;
  controls: string;
  toggle: () => void;
}

function TopBar({ email, menu }: { email: string | null; menu: MenuState | null }) {
  const { signOut } = useSession();
  async function logOut() {
    // The token is revoked on the server too; if that call fails, forgetting it here still signs out.
    await api.post("/api/logout/", {}).catch((error: unknown) => console.error("Logout failed", error));
    signOut();
  }
  return (
    <header className="sticky top-0 z-30 bg-indigo-ink text-white shadow">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:gap-3 sm:px-4">
        {menu && (
          <button
            type="button"
            aria-expanded={menu.open}
            aria-controls={menu.controls}
            onClick={menu.toggle}
            className="shrink-0 rounded-lg border border-white/40 px-3 py-1.5 text-sm font-semibold lg:hidden"
          >
            Menu
          </button>
        )}
        <p className="min-w-0 flex-1 truncate font-serif text-base font-semibold sm:text-lg">
          <Link to="/admin" className="hover:underline">
            {SELLER.brand}
          </Link>{" "}
          <span className="hidden font-sans text-sm font-normal text-white/80 sm:inline">Back office</span>
        </p>
        <div className="flex shrink-0 items-center gap-2 text-sm sm:gap-3">
          <Link to="/" className="whitespace-nowrap font-semibold underline-offset-4 hover:underline">
            View shop
          </Link>
          {email && (
            <>
              <span className="hidden max-w-[16rem] truncate text-white/85 md:inline" title={email}>
                {email}
              </span>
              <button
                type="button"
                className="whitespace-nowrap rounded px-1 font-semibold underline-offset-4 hover:underline"
                onClick={logOut}
              >
                Sign out
              </button>
            </>
          )}
        </div>
      </div>
    </header>
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
      // Staff opening an owner's screen by its address see why, never a form that fails on save (decision 078).
      return access.role === "staff" && ownerOnlyScreen(pathname) ? <OwnerOnlyScreen /> : children;
  }
}

/** What staff see on a screen that is the owner's: one sentence and the way back, before any call is made. */
function OwnerOnlyScreen() {
  return (
    <div className="space-y-4">
      <h1 tabIndex={-1} data-admin-title="" className={PAGE_TITLE}>
        Only the owner can do this
      </h1>
      <p className="max-w-prose rounded-2xl bg-linen/60 p-5 text-charcoal">
        This screen is for the shop&rsquo;s owner. Your staff account handles orders, returns and customer queries; ask
        the owner if something here needs changing.
      </p>
      <Link to="/admin" className={BUTTON_SECONDARY}>
        Back to the dashboard
      </Link>
    </div>
  );
}

/**
 * The screens: a sidebar from 1024 px; below, a list the top bar's Menu button opens over the screen
 * (never a strip that scrolls sideways). Escape closes it and returns to the button.
 */
function AdminNav({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { access } = useAdminAccess();
  const list = useRef<HTMLUListElement>(null);
  const links =
    access.status === "admin" && access.role === "staff" ? LINKS.filter((l) => !ownerOnlyScreen(l.to)) : LINKS;
  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>("a")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onClose();
      document.querySelector<HTMLElement>(`[aria-controls="${id}"]`)?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose, id]);
  return (
    <nav
      id={id}
      aria-label="Back office"
      className={`${open ? "block" : "hidden"} -mx-4 border-b border-linen bg-white px-4 pb-4 pt-2 shadow-sm lg:mx-0 lg:block lg:border-0 lg:bg-transparent lg:px-0 lg:py-8 lg:shadow-none`}
    >
      <ul ref={list} className="grid gap-0.5 sm:grid-cols-2 lg:sticky lg:top-16 lg:grid-cols-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-indigo-ink text-white" : "hover:bg-linen hover:text-madder"}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {access.status === "admin" && (
        <p className="mt-3 border-t border-linen pt-3 text-xs text-charcoal/80 md:hidden">
          Signed in as <span className="break-all font-medium">{access.email}</span>
        </p>
      )}
    </nav>
  );
}
