import { MESSAGES, SESSION_HINT_COOKIE, type CartResponse } from "@store/shared";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, logInByApi, newShopper, type Account } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { addToCart, cartLink, openProduct, openWithStorage, productInStock, storedSession } from "../fixtures/cart";

const FIELDS = ["First name", "Last name", "E-mail", "Country code", "Mobile number", "Password"] as const;

async function openSignup(page: Page) {
  await page.goto("/Signup");
  await expect(page.getByRole("button", { name: "Create account" })).toBeEnabled();
}

async function fillSignup(page: Page, account: Account) {
  const values: Record<(typeof FIELDS)[number], string> = {
    "First name": account.first_name,
    "Last name": account.last_name,
    "E-mail": account.email,
    "Country code": account.country_code,
    "Mobile number": account.mobile_number,
    Password: account.password,
  };
  for (const field of FIELDS) await page.getByLabel(field, { exact: true }).fill(values[field]);
}

async function logIn(page: Page, account: Pick<Account, "email" | "password">) {
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  await page.getByRole("textbox", { name: "E-mail" }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test.describe("sign up", () => {
  test("says 'Please fill up this field' for each empty field and asks for the terms", async ({ page }) => {
    await openSignup(page);
    await page.getByRole("button", { name: "Create account" }).click();
    for (const field of FIELDS) {
      await expect(page.getByLabel(field, { exact: true })).toHaveAccessibleDescription(
        new RegExp(`^${MESSAGES.fillThisField}`),
      );
    }
    const terms = page.getByRole("checkbox", { name: /I agree to the terms/ });
    await expect(terms).toHaveAccessibleDescription(MESSAGES.agreeToTerms);
    await expect(page.getByLabel("First name")).toBeFocused();

    // Filled in, the field errors go; the terms still have to be agreed to, and nothing is sent until they are.
    let sent = false;
    page.on("request", (r) => new URL(r.url()).pathname === "/api/signup/" && (sent = true));
    await fillSignup(page, newShopper("terms"));
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText(MESSAGES.fillThisField)).toHaveCount(0);
    await expect(page.getByText(MESSAGES.agreeToTerms)).toBeVisible();
    await expect(terms).toBeFocused();
    expect(sent).toBe(false);
  });

  test("explains a short password", async ({ page }) => {
    await openSignup(page);
    await fillSignup(page, { ...newShopper("short"), password: "short" });
    await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/at least 8 characters/);
    await expect(page).toHaveURL("/Signup");
  });

  test("a taken e-mail gets the same answer as a new one: nothing tells that the account exists", async ({
    page,
    request,
  }) => {
    const taken = await createAccount(request, "taken");
    await openSignup(page);
    await fillSignup(page, { ...newShopper("again"), email: taken.email, password: "indigo-block-print-2" });
    await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("status").filter({ hasText: "Thank you for signing up" })).toHaveText(
      `Thank you for signing up. We have sent a message to ${taken.email}: please check your inbox for the next step.`,
    );
    // No account was made or changed: the password typed at the second sign-up does not open it.
    await logIn(page, { email: taken.email, password: "indigo-block-print-2" });
    await expect(page.getByRole("alert")).toContainText("Incorrect e-mail or password.");
  });

  test("creates the account with its password and goes on to log in", async ({ page }) => {
    const shopper = newShopper("signup");
    await openSignup(page);
    await fillSignup(page, shopper);
    await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/signup/");
    await page.getByRole("button", { name: "Create account" }).click();
    expect((await sent).postDataJSON()).toEqual(shopper);

    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("status").filter({ hasText: "Thank you for signing up" })).toHaveText(
      `Thank you for signing up. We have sent a message to ${shopper.email}: please check your inbox for the next step.`,
    );
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(shopper.email);
    await logIn(page, shopper);
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(shopper.first_name);
  });
});

test.describe("log in and out", () => {
  test("logging in keeps the guest's cart, now the shopper's", async ({ page, request }) => {
    const account = await createAccount(request, "merge");
    const product = await productInStock(request);
    await openProduct(page, product.id);
    await addToCart(page, 2);
    await expect(cartLink(page, 2)).toBeVisible();

    await page.getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL("/login");
    const posted = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/login/");
    await logIn(page, account);
    expect((await posted).postDataJSON().cart_id).toBe((await storedSession(page)).cartId);
    await expect(page).toHaveURL("/account");
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(cartLink(page, 2)).toBeVisible();
    await expect(page.getByRole("link", { name: "Account" })).toBeVisible();

    const { token, cartId } = await storedSession(page);
    expect(token).toBeTruthy();
    const cart = (await (
      await request.get("/api/get-cart-items/", { headers: { Authorization: `Token ${token}` } })
    ).json()) as CartResponse;
    expect(cart.cart_id).toBe(cartId);
    expect(cart.data).toMatchObject([{ product_pk: product.id, size: "S", quantity: 2 }]);
  });

  test("shows the server's refusal for a wrong password", async ({ page, request }) => {
    const account = await createAccount(request, "wrong");
    const refusal = (await (
      await request.post("/api/login/", { data: { email: account.email, password: "not-the-password" } })
    ).json()) as { message: string };
    await page.goto("/login");
    await logIn(page, { email: account.email, password: "not-the-password" });
    await expect(page.getByRole("alert")).toHaveText(refusal.message);
    expect((await storedSession(page)).token).toBeNull();
  });

  test("an account made without a password is told how to set one; a bad link is refused", async ({
    page,
    request,
  }) => {
    const { password: _password, ...withoutPassword } = newShopper("nopassword");
    expect((await request.post("/api/signup/", { data: withoutPassword })).status()).toBe(201);
    const refusal = (await (
      await request.post("/api/login/", { data: { email: withoutPassword.email, password: "anything-at-all" } })
    ).json()) as { message: string };
    await page.goto("/login");
    await logIn(page, { email: withoutPassword.email, password: "anything-at-all" });
    await expect(page.getByRole("alert")).toHaveText(refusal.message);

    const badLink = (await (
      await request.post("/api/set-password/", {
        data: { token: "not-a-real-link", password: "a-long-enough-password" },
      })
    ).json()) as { message: string };
    await page.goto("/set-password?token=not-a-real-link");
    await expect(page.getByRole("button", { name: "Set password" })).toBeEnabled();
    await page.getByLabel("New password").fill("a-long-enough-password");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("alert")).toHaveText(badLink.message);
  });

  test("a bad e-mail confirmation link says so", async ({ page, request }) => {
    const refusal = (await (
      await request.post("/api/verify-email/", { data: { token: "not-a-real-link" } })
    ).json()) as { message: string };
    await page.goto("/verify-email?token=not-a-real-link");
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page.getByRole("alert")).toHaveText(refusal.message);
  });

  test("the account page needs a session, and comes back after logging in", async ({ page, request }) => {
    const account = await createAccount(request, "next");
    await page.goto("/account");
    await expect(page).toHaveURL("/login?next=%2Faccount");
    await logIn(page, account);
    await expect(page).toHaveURL("/account");
    await expect(page.getByText(`${account.country_code} ${account.mobile_number}`)).toBeVisible();
  });

  test("the server renders /account for a signed-in browser and the login screen for a signed-out one", async ({
    page,
    request,
  }) => {
    const LOGIN_HEADING = /<h1[^>]*>Log in<\/h1>/;
    // A visitor without the session hint cookie gets the login screen from the first paint (decision 047).
    expect(await (await request.get("/account")).text()).toMatch(LOGIN_HEADING);

    const account = await createAccount(request, "hint");
    await page.goto("/login");
    await logIn(page, account);
    await expect(page).toHaveURL("/account");
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === SESSION_HINT_COOKIE)?.value)
      .toBe("1");
    // The hint is all the server sees: the token stays in the browser's storage.
    const signedIn = await (await page.request.get("/account")).text();
    expect(signedIn).toContain("Welcome back");
    expect(signedIn).not.toMatch(LOGIN_HEADING);

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL("/login");
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name === SESSION_HINT_COOKIE))
      .toBe(false);
  });

  test("logging out ends the session and leaves nothing of the cart behind", async ({ page, request }) => {
    const account = await createAccount(request, "logout");
    const session = await logInByApi(request, account);
    const product = await productInStock(request);
    await request.post("/api/cart-items/", {
      headers: { Authorization: `Token ${session.token}` },
      data: {
        product_pk: product.id,
        size: "S",
        quantity: 1,
        offer_price: product.offer_price,
        mrp: product.mrp,
        is_direct_buy: false,
        cart_id: null,
        currency: "USD",
      },
    });
    await openWithStorage(page, "/account", { token: session.token });
    await expect(cartLink(page, 1)).toBeVisible();

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("status").filter({ hasText: "logged out" })).toBeVisible();
    await expect(cartLink(page, 0)).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, cartId: null });
    expect((await request.get("/api/me/", { headers: { Authorization: `Token ${session.token}` } })).status()).toBe(
      401,
    );
  });

  test("a session the server no longer accepts asks the shopper to log in again", async ({ page, request }) => {
    const account = await createAccount(request, "stale");
    const session = await logInByApi(request, account);
    await request.post("/api/logout/", { headers: { Authorization: `Token ${session.token}` } });
    await openWithStorage(page, "/cart", { token: session.token });
    const banner = page.getByRole("alert").filter({ hasText: "Please log in again" });
    await expect(banner.getByRole("link", { name: "Log in again" })).toHaveAttribute("href", "/login?next=%2Fcart");
    expect((await storedSession(page)).token).toBeNull();
  });
});

test.describe("accessibility", () => {
  for (const path of ["/Signup", "/login"]) {
    test(`${path} has no serious or critical violations, also with its messages shown`, async ({ page }) => {
      await page.goto(path);
      const submit = page.getByRole("button", { name: path === "/login" ? "Log in" : "Create account" });
      await expect(submit).toBeEnabled();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await submit.click();
      await expect(page.getByText(MESSAGES.fillThisField).first()).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test("/account has no serious or critical violations", async ({ page, request }) => {
    const session = await logInByApi(request, await createAccount(request, "axe"));
    await openWithStorage(page, "/account", { token: session.token });
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
