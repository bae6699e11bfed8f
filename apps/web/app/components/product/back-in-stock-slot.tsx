import { useEffect, useState } from "react";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import type { BackInStock } from "./back-in-stock";

type Props = { productId: number; size: string };

let loaded: typeof BackInStock | null = null;
let loading: Promise<typeof BackInStock | null> | null = null;

/**
 * The back-in-stock form's code, loaded once. Called when a sold-out size is picked, so it has come by the
 * time that size's details have (the details wait for the size choice to settle).
 */
export function loadBackInStock(): Promise<typeof BackInStock | null> {
  loading ??= import("./back-in-stock").then(
    (module) => (loaded = module.BackInStock),
    (error: unknown) => {
      loading = null;
      console.error("Back-in-stock form failed to load", error);
      return null;
    },
  );
  return loading;
}

/**
 * "E-mail me when it is back" under a sold-out size. Few shoppers meet a sold-out size, so the form's code is
 * not in the product page's first load: until it comes, the server and the browser show the form as a guest
 * first sees it (its texts are the form's), its field read-only and its button disabled, so the real form takes
 * its place without moving anything (wishlist.spec measures both).
 */
export function BackInStockSlot(props: Props) {
  // A form loaded earlier (a client navigation, another size) shows at once; never during hydration.
  const [Form, setForm] = useState(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Form) return;
    let gone = false;
    void loadBackInStock().then((form) => {
      if (gone) return;
      if (form) setForm(() => form);
      else setFailed(true);
    });
    return () => {
      gone = true;
    };
  }, [Form]);

  if (Form) return <Form {...props} />;
  return (
    <form className="mt-4 flex flex-col gap-3" aria-label="Back in stock alert">
      <p className="text-sm text-charcoal/85">This size is sold out. We can write to you once when it is back.</p>
      <TextField
        id={`stock-alert-email-${props.size}`}
        name="email"
        type="email"
        label="Your e-mail"
        autoComplete="email"
        readOnly
      />
      <Button type="submit" variant="secondary" disabled>
        E-mail me when it is back
      </Button>
      {failed && (
        <p role="alert" className="text-sm font-medium text-madder">
          The alert form could not load. Reload the page to try again.
        </p>
      )}
    </form>
  );
}
