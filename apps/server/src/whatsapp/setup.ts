import { createHmac } from "node:crypto";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { installSecret } from "../db/install-settings";
import type { ServiceLog } from "../log";
import { createCloudApiSender, type WhatsAppSender } from "./cloud-api";
import { logSender } from "./worker";

export const WHATSAPP_SIMULATOR_PREFIX = "/sim/whatsapp";

/** The simulator's credentials: the phone number id is public, the rest this install's own (as for payments). */
export interface WhatsAppSimulatorCredentials {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
}

export async function loadWhatsAppSimulatorCredentials(db: Db): Promise<WhatsAppSimulatorCredentials> {
  const secret = await installSecret(db, "whatsapp_simulator_secret");
  const derive = (purpose: string) => createHmac("sha256", secret).update(purpose).digest("base64url");
  return {
    token: derive("whatsapp.token"),
    phoneNumberId: "100000000000001",
    appSecret: derive("whatsapp.app_secret"),
    verifyToken: derive("whatsapp.verify_token"),
  };
}

export interface WhatsAppSetup {
  sender: WhatsAppSender;
  /** Checks the status webhooks' signatures; absent: webhooks are refused. */
  appSecret?: string;
  verifyToken?: string;
  /** The simulator's credentials when it stands in for the Cloud API (app.ts mounts it then). */
  simulator?: WhatsAppSimulatorCredentials;
}

/**
 * Real when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set; otherwise the built-in simulator when it is
 * allowed (never in production unless SIMULATOR=1); otherwise the log.
 */
export function createWhatsAppSetup(
  config: AppConfig,
  log: ServiceLog,
  simulator?: WhatsAppSimulatorCredentials,
): WhatsAppSetup {
  const { whatsapp } = config;
  if (whatsapp.token && whatsapp.phoneNumberId) {
    return {
      sender: createCloudApiSender({
        baseUrl: () => whatsapp.baseUrl,
        token: whatsapp.token,
        phoneNumberId: whatsapp.phoneNumberId,
        simulated: false,
      }),
      appSecret: whatsapp.appSecret,
      verifyToken: whatsapp.verifyToken,
    };
  }
  if (config.simulator && simulator) {
    return {
      sender: createCloudApiSender({
        baseUrl: () => `${config.publicUrl.replace(/\/+$/, "")}${WHATSAPP_SIMULATOR_PREFIX}`,
        token: simulator.token,
        phoneNumberId: simulator.phoneNumberId,
        simulated: true,
      }),
      appSecret: simulator.appSecret,
      verifyToken: simulator.verifyToken,
      simulator,
    };
  }
  return { sender: logSender(log) };
}
