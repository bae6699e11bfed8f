import { BRAND, listingPath, type Category } from "@store/shared";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { AccountLink } from "../account/account-link";
import { CurrencySwitcher } from "../currency/currency-switcher";
import { CartIcon, ChevronDownIcon, CloseIcon, HeartIcon, MenuIcon, SearchIcon } from "../ui/icons";

/**
 * The search overlay loads when the shopper reaches for its button (pointer over it, focus or a tap), not with
 * every page's first load (decision 110), as the size chart's dialog does.
 */
const loadSearchOverlay = () => import("./search-overlay");
const SearchOverlay = lazy(() => loadSearchOverlay().then((m) => ({ default: m.SearchOverlay })));

const NAV_PILL_SKELETONS = 5;

/**
 * Spec navigation: Home, a dropdown per category that has subcategories, Blog, Wholesale Query, search, cart;
 * plus the currency switcher, the Log in / Account link and the wishlist. `cartCount` is the pieces in the
 * cart, `wishlistCount` the saved products.
 */
export function Navigation({
  categories,
  cartCount = 0,
  wishlistCount = 0,
}: {
  categories: Category[] | null;
  cartCount?: number;
  wishlistCount?: number;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  // Close the menus on every navigation.
  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.pathname, location.search]);

  const withSubcategories = categories?.filter((c) => c.subcategories.length > 0) ?? null;

  return (
    <header className="sticky top-0 z-30 border-b border-linen bg-cream/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
        <button
          type="button"
          className="rounded p-2 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link
          to="/"
          className="whitespace-nowrap font-serif text-lg font-semibold tracking-wide text-indigo-ink sm:text-xl"
        >
          {BRAND}
        </Link>
        <ul className="ml-4 hidden items-center gap-1 lg:flex">
          <li>
            <TopLink to="/">Home</TopLink>
          </li>
          {withSubcategories === null
            ? Array.from({ length: NAV_PILL_SKELETONS }, (_, i) => (
                <li
                  key={i}
                  aria-hidden="true"
                  data-testid="nav-skeleton"
                  className="h-6 w-20 animate-pulse rounded-full bg-linen"
                />
              ))
            : withSubcategories.map((category) => <CategoryDropdown key={category.id} category={category} />)}
          <li>
            <TopLink to="/blog">Blog</TopLink>
          </li>
          <li>
            <TopLink to="/trade">Wholesale Query</TopLink>
          </li>
        </ul>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <CurrencySwitcher id="currency-nav" className="hidden sm:block" />
          <button
            type="button"
            className="rounded p-2 hover:text-madder"
            aria-label="Search products"
            onClick={() => setSearchOpen(true)}
            onPointerEnter={() => void loadSearchOverlay()}
            onFocus={() => void loadSearchOverlay()}
          >
            <SearchIcon />
          </button>
          <AccountLink />
          <Link
            to="/wishlist"
            className="relative rounded p-2 hover:text-madder"
            aria-label={`Wishlist, ${wishlistCount} ${wishlistCount === 1 ? "piece" : "pieces"}`}
          >
            <HeartIcon />
            {wishlistCount > 0 && (
              <span
                data-testid="wishlist-count"
                className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-madder px-1 text-center text-xs font-semibold leading-5 text-white"
              >
                {wishlistCount}
              </span>
            )}
          </Link>
          <Link
            to="/cart"
            className="relative rounded p-2 hover:text-madder"
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}`}
          >
            <CartIcon />
            {cartCount > 0 && (
              <span
                data-testid="cart-count"
                className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-madder px-1 text-center text-xs font-semibold leading-5 text-white"
              >
                {cartCount}
              </span>
            )}
          </Link>
        </div>
      </nav>
      {menuOpen && <MobileMenu categories={withSubcategories ?? []} />}
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchOverlay onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

function TopLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <NavLink
      to={to}
      end
      className={({ isActive }) =>
        `rounded-full px-3 py-2 text-sm font-medium hover:text-madder ${isActive ? "text-madder" : ""}`
      }
    >
      {children}
    </NavLink>
  );
}

/** Opens on hover and on keyboard focus (CSS), and on click for touch; its links are in the HTML without JavaScript. */
function CategoryDropdown({ category }: { category: Category }) {
  const [open, setOpen] = useState(false);
  const menuId = `nav-${category.id}`;
  return (
    <li className="group relative" onMouseLeave={() => setOpen(false)}>
      <span className="flex items-center">
        <Link
          to={listingPath(category.slug)}
          className="rounded-l-full py-2 pl-3 text-sm font-medium hover:text-madder"
        >
          {category.name}
        </Link>
        <button
          type="button"
          className="rounded-r-full py-2 pl-1 pr-2 hover:text-madder"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={`${category.name} subcategories`}
          onClick={() => setOpen((o) => !o)}
          onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
        >
          <ChevronDownIcon />
        </button>
      </span>
      <ul
        id={menuId}
        className={`absolute left-0 top-full z-40 min-w-56 rounded-lg border border-linen bg-white py-2 shadow-xl group-hover:block group-focus-within:block ${open ? "block" : "hidden"}`}
      >
        {category.subcategories.map((sub) => (
          <li key={sub.id}>
            <Link
              to={listingPath(category.slug, sub.name)}
              className="block px-4 py-2 text-sm capitalize hover:bg-cream hover:text-madder"
            >
              {sub.name.toLowerCase()}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

function MobileMenu({ categories }: { categories: Category[] }) {
  return (
    <div id="mobile-menu" className="max-h-[80vh] overflow-y-auto border-t border-linen bg-white px-4 py-4 lg:hidden">
      <ul className="space-y-1">
        <li>
          <Link to="/" className="block py-2 font-medium">
            Home
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <details>
              <summary className="cursor-pointer py-2 font-medium">{category.name}</summary>
              <ul className="pb-2 pl-4">
                <li>
                  <Link to={listingPath(category.slug)} className="block py-1.5">
                    All {category.name.toLowerCase()}
                  </Link>
                </li>
                {category.subcategories.map((sub) => (
                  <li key={sub.id}>
                    <Link to={listingPath(category.slug, sub.name)} className="block py-1.5 capitalize">
                      {sub.name.toLowerCase()}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
        <li>
          <Link to="/blog" className="block py-2 font-medium">
            Blog
          </Link>
        </li>
        <li>
          <Link to="/trade" className="block py-2 font-medium">
            Wholesale Query
          </Link>
        </li>
      </ul>
      {/* The bar has no room for the switcher on small screens. */}
      <div className="mt-3 flex items-center justify-between border-t border-linen pt-3 sm:hidden">
        <span aria-hidden="true" className="font-medium">
          Currency
        </span>
        <CurrencySwitcher id="currency-menu" />
      </div>
    </div>
  );
}
