import { expect, test, type Page, type Request } from "@playwright/test";
import { formatAddress, MESSAGES, SELLER, TIMINGS_MS, type CreateQueryRequest } from "@store/shared";
import { pauseClock } from "../fixtures/clock";

const CREATE_QUERY = "**/api/create-query/";

const VALID: CreateQueryRequest = {
  name: "Asha Verma",
  country_code: "India",
  mobile_number: "+91 98765 43210",
  email: "asha@example.com",
  query: "Do you take wholesale orders for block printed cushion covers?",
};

const PLACEHOLDERS: Record<keyof CreateQueryRequest, string> = {
  name: "Enter Name",
  country_code: "Country",
  mobile_number: "Mobile Number",
  email: "Enter Email",
  query: "Enter Message",
};

const form = (page: Page) => page.getByRole("region", { name: "Contact Us" });
const field = (page: Page, name: keyof CreateQueryRequest) =>
  form(page).getByPlaceholder(PLACEHOLDERS[name], { exact: true });
const submit = (page: Page) => form(page).getByRole("button", { name: "Submit" });

async function fill(page: Page, values: CreateQueryRequest) {
  for (const name of Object.keys(PLACEHOLDERS) as (keyof CreateQueryRequest)[])
    await field(page, name).fill(values[name]);
}

/** Every request the page makes to the create-query API, in order. */
function recordQueries(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/create-query/")) seen.push(request);
  });
  return seen;
}

/** Answers the API from the test (no rows written) and counts the calls that reach it. */
async function stubCreateQuery(
  page: Page,
  status: number,
  body: unknown = { id: 1, message: MESSAGES.contactSuccess },
) {
  await page.route(CREATE_QUERY, (route) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) }),
  );
}

for (const path of ["/contact-us", "/Contact-us"]) {
  test(`${path}: headline, the four contact items and the form's fields`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: MESSAGES.contactHeadline })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SELLER.website}/contact-us`);
    const details = main.getByRole("region", { name: "Reach us directly" });
    await expect(details.getByRole("link", { name: SELLER.supportEmail })).toHaveAttribute(
      "href",
      `mailto:${SELLER.supportEmail}`,
    );
    await expect(details.getByRole("link", { name: SELLER.phones[0] })).toHaveAttribute("href", /^tel:\+91\d+$/);
    await expect(details.getByRole("link", { name: SELLER.website.replace("https://", "") })).toHaveAttribute(
      "href",
      SELLER.website,
    );
    await expect(details.getByRole("link", { name: formatAddress() })).toHaveAttribute("href", SELLER.mapUrl);

    await expect(form(page).getByRole("heading", { name: "Contact Us" })).toBeVisible();
    for (const name of Object.keys(PLACEHOLDERS) as (keyof CreateQueryRequest)[]) {
      await expect(field(page, name)).toHaveAttribute("required", "");
    }
    await expect(form(page).getByLabel("Name", { exact: true })).toHaveAttribute("placeholder", "Enter Name");
    await expect(field(page, "mobile_number")).toHaveAttribute("type", "tel");
    await expect(field(page, "email")).toHaveAttribute("type", "email");
    await expect(field(page, "query")).toHaveAttribute("rows", "4");
    await expect(submit(page)).toBeEnabled();
  });
}

test("an empty submit is stopped by the browser and sends nothing", async ({ page }) => {
  const seen = recordQueries(page);
  await stubCreateQuery(page, 201);
  await page.goto("/contact-us");
  await submit(page).click();
  await expect(field(page, "name")).toBeFocused();
  await expect(form(page).locator("#contact-name:invalid")).toHaveCount(1);
  // The next valid submit is the first request: the empty one never left the browser.
  await fill(page, VALID);
  await Promise.all([page.waitForResponse(CREATE_QUERY), submit(page).click()]);
  expect(seen).toHaveLength(1);
});

test("a bad e-mail is blocked by the browser's e-mail check", async ({ page }) => {
  const seen = recordQueries(page);
  await stubCreateQuery(page, 201);
  await page.goto("/contact-us");
  await fill(page, { ...VALID, email: "not-an-email" });
  await submit(page).click();
  await expect(field(page, "email")).toBeFocused();
  // Filled in, yet invalid: the browser's e-mail type check, not the required one.
  await expect(form(page).locator('input[type="email"]:invalid')).toHaveValue("not-an-email");
  await field(page, "email").fill(VALID.email);
  await Promise.all([page.waitForResponse(CREATE_QUERY), submit(page).click()]);
  expect(seen).toHaveLength(1);
});

test("the shared schema catches what the browser does not, before anything is sent", async ({ page }) => {
  const seen = recordQueries(page);
  await page.goto("/contact-us");
  await fill(page, { ...VALID, mobile_number: "call me" });
  await submit(page).click();
  await expect(form(page).getByText("Mobile number is not a valid phone number")).toBeVisible();
  await expect(field(page, "mobile_number")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "name")).toHaveValue(VALID.name);
  expect(seen).toHaveLength(0);
});

test("success sends the spec's fields, shows the notice, clears the form; the notice hides after 3 s", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/contact-us");
  await fill(page, VALID);
  // Stopped before the notice shows, so its 3 s are counted on the page's clock from the moment it appears.
  await pauseClock(page);
  const [request] = await Promise.all([page.waitForRequest(CREATE_QUERY), submit(page).click()]);
  expect(request.method()).toBe("POST");
  expect(request.postDataJSON()).toEqual(VALID);
  expect((await request.response())?.status()).toBe(201);

  const notice = page.getByRole("status").filter({ hasText: MESSAGES.contactSuccess });
  await expect(notice).toBeVisible();
  for (const name of Object.keys(PLACEHOLDERS) as (keyof CreateQueryRequest)[])
    await expect(field(page, name)).toHaveValue("");
  await page.clock.runFor(TIMINGS_MS.noticeAutoClose - 1);
  await expect(notice).toBeVisible();
  await page.clock.runFor(1);
  await expect(page.getByText(MESSAGES.contactSuccess)).toBeHidden();
});

test("the button is disabled while sending, so there is no double submit", async ({ page }) => {
  const seen = recordQueries(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CREATE_QUERY, async (route) => {
    await held;
    await route.fulfill({
      status: 201,
      contentType: "application/json",
      body: JSON.stringify({ id: 1, message: "ok" }),
    });
  });
  await page.goto("/contact-us");
  await fill(page, VALID);
  await submit(page).click();
  await expect(submit(page)).toBeDisabled();
  await field(page, "query").press("Enter"); // a textarea: adds a line, never submits
  await field(page, "email").press("Enter"); // implicit submit while sending: ignored
  release();
  await expect(page.getByText(MESSAGES.contactSuccess)).toBeVisible();
  expect(seen).toHaveLength(1);
});

test("a server failure keeps the fields and shows no message (spec: only logged)", async ({ page }) => {
  await stubCreateQuery(page, 500, {
    message: "Something went wrong on our side. Please try again.",
    code: "INTERNAL",
  });
  const logged = page.waitForEvent(
    "console",
    (message) => message.type() === "error" && message.text().includes("Contact query failed"),
  );
  await page.goto("/contact-us");
  await fill(page, VALID);
  await Promise.all([page.waitForResponse(CREATE_QUERY), submit(page).click()]);
  await logged;
  await expect(submit(page)).toBeEnabled();
  for (const name of Object.keys(PLACEHOLDERS) as (keyof CreateQueryRequest)[])
    await expect(field(page, name)).toHaveValue(VALID[name]);
  await expect(page.getByText(MESSAGES.contactSuccess)).toHaveCount(0);
});

test("the server's field errors for bad input are shown next to the field (our deviation)", async ({ page }) => {
  await stubCreateQuery(page, 400, {
    message: "Invalid body.email: Email is not a valid e-mail address",
    code: "VALIDATION_FAILED",
    errors: [{ path: "body.email", message: "Email is not a valid e-mail address" }],
  });
  await page.goto("/contact-us");
  await fill(page, VALID);
  await Promise.all([page.waitForResponse(CREATE_QUERY), submit(page).click()]);
  await expect(field(page, "email")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "email")).toHaveAccessibleDescription("Email is not a valid e-mail address");
  await expect(field(page, "email")).toHaveValue(VALID.email);
});

test("Organisation JSON-LD with a customer-service contact point for India in English", async ({ page }) => {
  await page.goto("/contact-us");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const organisation = blocks.map((text) => JSON.parse(text)).find((data) => data["@type"] === "Organization");
  expect(organisation).toMatchObject({
    "@context": "https://schema.org",
    name: SELLER.brand,
    url: SELLER.website,
    email: SELLER.supportEmail,
    sameAs: SELLER.socials.map((s) => s.url),
    address: { "@type": "PostalAddress", addressLocality: SELLER.address.city, addressCountry: "IN" },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      areaServed: "IN",
      availableLanguage: "English",
    },
  });
  expect(organisation.logo).toMatch(/^https:\/\//);
});
