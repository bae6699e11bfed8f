import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import type { ServiceLog } from "../log";
import { openTestDatabase } from "../testing/test-app";
import type { TemplateMessage, WhatsAppSender } from "./cloud-api";
import { queueWhatsApp } from "./outbox";
import { createWhatsAppSetup, type WhatsAppSimulatorCredentials } from "./setup";
import { whatsappOutbox } from "./tables";
import { createWhatsAppWorker, logSender } from "./worker";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => void (await database.db.delete(whatsappOutbox)));

function recordingLog() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const keep = (details: object, message: string) => void lines.push({ details: details as never, message });
  const log: ServiceLog = { info: keep, warn: keep, error: keep };
  return { log, lines };
}

const optOutLink = async (to: string) => `https://shop.example/notifications/off?token=for-${to}`;

async function queue(to = "919829012345") {
  await database.db.transaction((tx) =>
    queueWhatsApp(tx, {
      to,
      template: "out_for_delivery",
      parameters: [" 7\n", "{{store_url}}/track/7"],
    }),
  );
}

describe("the WhatsApp outbox worker", () => {
  it("without the Cloud API or its simulator, writes the message as the phone would show it to the log, once", async () => {
    await queue();
    const { log, lines } = recordingLog();
    const worker = createWhatsAppWorker(database.db, {
      sender: logSender(log),
      log,
      optOutLink,
      storeUrl: () => "https://shop.example",
    });
    expect(worker.senderKind).toBe("log");
    expect(await worker.deliverPending()).toEqual({ delivered: 1, failed: 0 });
    expect(lines[0]?.details.text).toBe(
      "Namaste! Your order #7 is out for delivery today. Track it: https://shop.example/track/7. Stop these updates: https://shop.example/notifications/off?token=for-919829012345",
    );
    const [row] = await database.db.select().from(whatsappOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1, providerMessageId: null });
    expect(await worker.deliverPending()).toEqual({ delivered: 0, failed: 0 });
  });

  it("retries a refused message, then gives up after five attempts", async () => {
    await queue();
    const sent: TemplateMessage[] = [];
    const refusing: WhatsAppSender = {
      kind: "cloud-api",
      send: async (message) => {
        sent.push(message);
        throw new Error("WhatsApp Cloud API answered 500: boom");
      },
    };
    const worker = createWhatsAppWorker(database.db, { sender: refusing, log: recordingLog().log, optOutLink });
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(await worker.deliverPending()).toEqual({ delivered: 0, failed: 1 });
    expect(await worker.deliverPending()).toEqual({ delivered: 0, failed: 0 });
    const [row] = await database.db.select().from(whatsappOutbox);
    expect(row).toMatchObject({ status: "failed", attempts: 5, lastError: "WhatsApp Cloud API answered 500: boom" });
    expect(sent).toHaveLength(5);
    expect(sent[0]?.parameters.at(-1)).toBe("https://shop.example/notifications/off?token=for-919829012345");
  });

  it("two workers at once send each message exactly once", async () => {
    for (let i = 0; i < 30; i++) await queue(`9198290${String(i).padStart(5, "0")}`);
    const counts = new Map<string, number>();
    const counting: WhatsAppSender = {
      kind: "simulator",
      send: async (message) => {
        await new Promise((resolve) => setImmediate(resolve));
        counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
        return `wamid.${message.to}`;
      },
    };
    const drain = async () => {
      const worker = createWhatsAppWorker(database.db, { sender: counting, log: recordingLog().log, optOutLink });
      while ((await worker.deliverPending()).delivered > 0);
    };
    await Promise.all([drain(), drain()]);
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.status, "sent"));
    expect(rows).toHaveLength(30);
  });
});

describe("which sender the store uses", () => {
  const simulator: WhatsAppSimulatorCredentials = {
    token: "t",
    phoneNumberId: "100000000000001",
    appSecret: "s",
    verifyToken: "v",
  };
  const { log } = recordingLog();

  it("the Cloud API with keys, the simulator without them, never the simulator in production", () => {
    const withKeys = loadConfig({ WHATSAPP_TOKEN: "EAAG", WHATSAPP_PHONE_NUMBER_ID: "1065", WHATSAPP_APP_SECRET: "x" });
    expect(createWhatsAppSetup(withKeys, log, simulator)).toMatchObject({
      sender: { kind: "cloud-api" },
      appSecret: "x",
    });
    expect(createWhatsAppSetup(loadConfig({}), log, simulator)).toMatchObject({
      sender: { kind: "simulator" },
      simulator,
    });
    const production = createWhatsAppSetup(loadConfig({ NODE_ENV: "production" }), log, simulator);
    expect(production.sender.kind).toBe("log");
    expect(production.simulator).toBeUndefined();
    expect(production.appSecret).toBeUndefined();
  });
});
