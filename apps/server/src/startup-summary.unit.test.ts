import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { createPaymentGateway } from "./modules/payments/gateway";
import { simulatorCredentials } from "./modules/payments/simulator/credentials";
import { describeMode } from "./startup-summary";

const simulator = simulatorCredentials("unit-test-secret");

type Where = { kind: "pglite" | "postgres"; location: string };

function summary(
  env: Record<string, string>,
  demoSeededAt: string | null,
  database: Where = { kind: "pglite", location: "/srv/shop/data/pglite" },
) {
  const config = loadConfig(env);
  return describeMode({ config, database, demoSeededAt, gateway: createPaymentGateway(config, simulator) });
}

describe("what npm start says about its mode", () => {
  it("a default install: a demo, with demo data, simulated payments, e-mails to the log, PGlite and its folder", () => {
    const { demo, lines } = summary({}, "2026-11-24T10:00:00.000Z");
    expect(demo).toBe(true);
    expect(lines).toEqual([
      "DEMO SHOP (development): demo data, simulated payments. Not for real orders.",
      "catalogue: demo data (seeded 2026-11-24)",
      "payments:  Razorpay SIMULATED (built-in simulator; orders are test orders, no money moves); PayPal SIMULATED (built-in simulator; orders are test orders, no money moves); Bank transfer recorded by the seller (when switched on)",
      "e-mails:   written to the log only, nobody receives them (set SMTP_URL to send)",
      "whatsapp:  SIMULATED (built-in simulator at /sim/whatsapp; no phone receives them)",
      "shipping:  Shiprocket: courier SIMULATED (built-in simulator at /sim/shiprocket; no parcel moves); DHL Express: courier SIMULATED (built-in simulator at /sim/dhl-express; no parcel moves)",
      "database:  embedded PGlite in /srv/shop/data/pglite (one process only)",
      expect.stringMatching(/^media: {5}the folder .*data\/media$/),
      "replicas:  one process (set REDIS_URL to run several replicas)",
    ]);
  });

  it("a live shop: real payments, SMTP and PostgreSQL, and never a password", () => {
    const { demo, lines } = summary(
      {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://shop:hunter2@db.internal:5433/store",
        SMTP_URL: "smtp://mailer:s3cret@smtp.example.in:587",
        REDIS_URL: "redis://:r3dis-pass@cache.internal:6380",
        MEDIA_S3_BUCKET: "jaipur-media",
        MEDIA_S3_ENDPOINT: "https://s3.example.in",
        MEDIA_S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
        MEDIA_S3_SECRET_ACCESS_KEY: "m3dia-secret",
        RAZORPAY_KEY_ID: "rzp_live_x",
        RAZORPAY_KEY_SECRET: "rzp-secret",
        PAYPAL_CLIENT_ID: "pp",
        PAYPAL_CLIENT_SECRET: "pp-secret",
        PAYPAL_ENV: "live",
        WHATSAPP_TOKEN: "wa-s3cret-token",
        WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
        SHIPPING_EMAIL: "api@jaipurkalahouse.in",
        SHIPPING_PASSWORD: "sh1p-secret",
      },
      null,
      { kind: "postgres", location: "db.internal:5433/store" },
    );
    expect(demo).toBe(false);
    expect(lines[0]).toBe("LIVE SHOP (production): real payments, no demo data.");
    expect(lines).toContain("catalogue: the shop's own (no demo data loaded)");
    expect(lines).toContain(
      "payments:  Razorpay real (api.razorpay.com); PayPal real (api-m.paypal.com); Bank transfer recorded by the seller (when switched on)",
    );
    expect(lines).toContain("e-mails:   sent through SMTP at smtp.example.in:587");
    expect(lines).toContain("whatsapp:  sent through the Cloud API at graph.facebook.com");
    expect(lines).toContain(
      "shipping:  Shiprocket real (apiv2.shiprocket.in); DHL Express: off (set DHL_API_KEY, DHL_API_SECRET and DHL_ACCOUNT_NUMBER to book a courier; ship by hand meanwhile)",
    );
    expect(lines).toContain("database:  PostgreSQL at db.internal:5433/store");
    expect(lines).toContain("replicas:  rate limits and catalogue changes shared through Redis at cache.internal:6380");
    expect(lines.join("\n")).not.toMatch(
      /hunter2|s3cret|rzp-secret|pp-secret|mailer|r3dis-pass|m3dia-secret|AKIAEXAMPLE|wa-s3cret|sh1p-secret/,
    );
  });

  it("production without keys: online payment off, said plainly", () => {
    const { lines } = summary({ NODE_ENV: "production" }, null);
    expect(lines).toContain(
      "payments:  Razorpay off (no keys: online payment is refused); PayPal off (no keys: online payment is refused); Bank transfer recorded by the seller (when switched on)",
    );
    expect(lines).toContain(
      "whatsapp:  written to the log only (set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID to send)",
    );
    expect(lines).toContain(
      "shipping:  Shiprocket: off (set SHIPPING_EMAIL and SHIPPING_PASSWORD to book a courier; ship by hand meanwhile); DHL Express: off (set DHL_API_KEY, DHL_API_SECRET and DHL_ACCOUNT_NUMBER to book a courier; ship by hand meanwhile)",
    );
  });
});
