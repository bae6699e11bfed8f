import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { SELLER } from "@store/shared";
import { StartupError } from "./errors";

/** The repository root, so relative paths in the environment mean the same from every workspace. */
export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

const optionalText = z.string().trim().min(1).optional().catch(undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  DATA_DIR: z.string().default("data"),
  /** PostgreSQL connections per process. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** Waiting longer than this for a connection (PostgreSQL) or for the embedded database (PGlite) answers 503. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  /** PostgreSQL: waiting longer than this for a row or table lock answers 503. */
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  /** PostgreSQL: a statement running longer than this is cancelled and answers 503 (migrations are exempt). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(15_000),
  /** PostgreSQL: keep the app's statements prepared on each connection; false behind a pooler that cannot (PgBouncer before 1.21 in transaction mode). */
  DB_PREPARED_STATEMENTS: z.enum(["true", "false"]).default("true"),
  /** Seed the demo catalogue into an empty database; default: not in production. */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  /** The demo administrator's password at first start; default: generated and printed once. Never in production. */
  DEMO_ADMIN_PASSWORD: optionalText,
  /** Failed log-ins per account (any address) before it is throttled for the rest of the window. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Cart reminders one address may get per CART_REMINDER_WINDOW_DAYS, however many carts name it. */
  CART_REMINDERS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(1),
  CART_REMINDER_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Cash-on-delivery code e-mails one address may get in 24 hours, over all its orders. */
  COD_CODES_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  /** A back-in-stock address waiting for confirmation gets at most one confirmation e-mail this often. */
  STOCK_ALERT_CONFIRMATION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** How long a confirmation link works; unconfirmed alerts are deleted after it. */
  STOCK_ALERT_PENDING_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Order lookups (/track-order) per order number, and per client address, per ORDER_LOOKUP_WINDOW_MINUTES. */
  ORDER_LOOKUPS_PER_NUMBER: z.coerce.number().int().min(1).max(1000).default(5),
  ORDER_LOOKUPS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  ORDER_LOOKUP_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** Gift card codes a shopper, and a client address, may try in an hour (right or wrong). */
  GIFT_CARD_REDEEMS_PER_SHOPPER: z.coerce.number().int().min(1).max(1000).default(10),
  GIFT_CARD_REDEEMS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Generated and uploaded images; defaults to DATA_DIR/media. */
  MEDIA_DIR: optionalText,
  /** An S3 bucket for the images instead of MEDIA_DIR, so every replica sees every upload. */
  MEDIA_S3_BUCKET: optionalText,
  /** An S3-compatible server's address (MinIO, Garage, R2...); unset: AWS S3 itself. */
  MEDIA_S3_ENDPOINT: z.url().optional(),
  /** The bucket's region; S3-compatible servers mostly accept any. */
  MEDIA_S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** Both or neither; neither: the AWS SDK's own credential chain (AWS_* variables, profile, instance role). */
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  /** true: bucket in the path (http://host/bucket/key), as most S3-compatible servers want; false: in the host name. */
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Sign-up, log-in, set-password, e-mail verification and cash-on-delivery code attempts per minute per client IP. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /** Contact-form messages per minute per client IP: each one writes a row, so a tighter budget than RATE_LIMIT_MAX. */
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /**
   * Which proxies may set X-Forwarded-For: unset trusts none (the client IP is the socket's), a number
   * trusts that many hops, anything else is a comma-separated list of proxy addresses or CIDRs.
   */
  TRUST_PROXY: optionalText,
  /** Shared by replicas: rate limits and catalogue change announcements (decision 028); unset: one process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// or rediss:// URL")
    .optional(),
  /** Prefix of this store's keys and channels, so several stores (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default("store:"),
  /** On SIGTERM: seconds between /readyz turning 503 and the server closing, for the load balancer to notice. */
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
  SMTP_URL: optionalText,
  /** Seconds an e-mail claimed by one replica's outbox worker stays its own; a worker that died lets another send it after that. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Milliseconds between two looks at the e-mail and WhatsApp outboxes on each replica. */
  OUTBOX_EVERY_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  CDN_COUNTRY_HEADER: optionalText,
  /** Megabytes of rendered pages kept for the next visitor (decision 044); 0 turns the cache off (the default in development). */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).optional(),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_ENV: z.enum(["sandbox", "live"]).default("sandbox"),
  /** PayPal's id of our webhook subscription; its signature check needs it. */
  PAYPAL_WEBHOOK_ID: optionalText,
  RAZORPAY_BASE_URL: z.url().optional(),
  PAYPAL_BASE_URL: z.url().optional(),
  /** How long an unpaid card or wallet order holds its pieces (and promo use), and a COD order waits for its code. */
  ORDER_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Unpaid or unconfirmed orders one client (address) may have open at once, so nobody can lock the shop's stock. */
  OPEN_ORDERS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /**
   * Tries a refund gets before it is failed and the seller is e-mailed. Unset: the whole
   * schedule (payments/refunds.ts). Fewer shortens it: the browser ring sets 1, so a failing refund fails for good at once.
   */
  REFUND_TRIES: z.coerce.number().int().min(1).max(100).optional(),
  /** Shiprocket's API user; unset: the courier simulator (when allowed) or no shipping. */
  SHIPPING_EMAIL: optionalText,
  SHIPPING_PASSWORD: optionalText,
  /** The token Shiprocket sends in its webhooks' `x-api-key` header. */
  SHIPPING_WEBHOOK_SECRET: optionalText,
  SHIPPING_BASE_URL: z.url().optional(),
  /** The pickup location's nickname in the Shiprocket account. */
  SHIPPING_PICKUP_LOCATION: z.string().trim().min(1).max(100).default("Primary"),
  /** The pickup address's pincode, for serviceability; unset: the seller's own. */
  SHIPPING_PICKUP_PINCODE: z
    .string()
    .regex(/^[1-9]\d{5}$/, "SHIPPING_PICKUP_PINCODE must be a 6-digit Indian pincode")
    .optional(),
  /** The simulated courier moves each parcel one step after this many minutes; 0: only when told. */
  SHIPPING_SIMULATOR_STEP_MINUTES: z.coerce.number().int().min(0).max(10_080).default(0),
  /** DHL Express (MyDHL API) user, password and account; unset: its simulator (when allowed) or no international courier. */
  DHL_API_KEY: optionalText,
  DHL_API_SECRET: optionalText,
  DHL_ACCOUNT_NUMBER: optionalText,
  /** The token DHL's tracking push sends in the header its subscription names (`x-dhl-push-token`). */
  DHL_PUSH_TOKEN: optionalText,
  DHL_BASE_URL: z.url().optional(),
  /** WhatsApp Cloud API (Graph API) address; the version is the adapter's (whatsapp/cloud-api.ts). */
  WHATSAPP_BASE_URL: z.url().optional(),
  /** A system user's access token; with WHATSAPP_PHONE_NUMBER_ID it makes WhatsApp real (else simulated or logged). */
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  /** The Meta app's secret: status webhooks carry its HMAC-SHA256 of the body (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: optionalText,
  /** Answers Meta's GET handshake when the webhook is registered (hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN: optionalText,
  /** 1 runs the payment simulator even in production (a test run); 0 never runs it. Default: not in production. */
  SIMULATOR: z.enum(["0", "1"]).optional(),
});

/** Every variable the store reads; `.env.example` lists exactly these (config.test.ts keeps it so). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

/** How long a request may wait for the database before it is answered 503 (see db/client.ts). */
export interface DatabaseLimits {
  poolMax: number;
  acquireTimeoutMs: number;
  lockTimeoutMs: number;
  statementTimeoutMs: number;
  /** PostgreSQL: run the app's statements as prepared statements (db/postgres.ts); default true. */
  preparedStatements?: boolean;
}

export type DatabaseConfig = (
  | { kind: "postgres"; url: string }
  /**
   * `dataDir` undefined means in memory (tests). `loadDataDir`: start from this dump (PGlite's
   * `dumpDataDir`) instead of an empty cluster; the test ring copies one migrated database this way.
   */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob }
) & { limits?: DatabaseLimits };

export interface AppConfig {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  logLevel: string;
  database: DatabaseConfig;
  dataDir: string;
  /** The local media folder: where images live unless `mediaS3` is set. */
  mediaDir: string;
  /** Set: images live in this S3 bucket (media/s3-store.ts) and `mediaDir` is not used. */
  mediaS3?: MediaS3Config;
  webBuildDir: string;
  rateLimitMax: number;
  authRateLimitMax: number;
  contactRateLimitMax: number;
  /** Per-account login throttle: at most `maxFailures` failed log-ins per `windowMs` for one e-mail. */
  loginThrottle: { maxFailures: number; windowMs: number };
  /** What keeps the store from mailing strangers or finding their orders for them (decision 062). */
  abuse: AbuseLimits;
  /** Whether an empty database gets the demo catalogue (and, outside production, the demo administrator). */
  seedDemo: boolean;
  demoAdminPassword?: string;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  cdnCountryHeader?: string;
  /** Bytes of rendered pages plugins/ssr.ts keeps (decision 044); 0: every page is rendered afresh. */
  pageCacheBytes: number;
  smtpUrl?: string;
  redisUrl?: string;
  redisKeyPrefix: string;
  drainSeconds: number;
  /** How long a claimed outbox e-mail is its worker's before another may send it (email/worker.ts). */
  outboxLeaseSeconds: number;
  /** How often each replica looks for e-mails and WhatsApp messages to send (jobs.ts). */
  outboxEveryMs: number;
  /** Keys absent: the provider is simulated (when `simulator`) or unavailable. */
  razorpay: { keyId?: string; keySecret?: string; webhookSecret?: string; baseUrl: string };
  paypal: { clientId?: string; clientSecret?: string; webhookId?: string; baseUrl: string };
  /** Whether a provider without keys may be replaced by the built-in simulator (never in production unless SIMULATOR=1). */
  simulator: boolean;
  checkout: CheckoutLimits;
  /** Undefined: the refund queue's full retry schedule. */
  refundTries?: number;
  /** Shiprocket: real when email and password are set, else simulated (when `simulator`) or off. */
  shipping: ShippingConfig;
  /** Keys absent: WhatsApp runs on the simulator (when `simulator`) or is written to the log. */
  whatsapp: WhatsAppConfig;
  /** DHL Express: real when key, secret and account are set, else simulated (when `simulator`) or off. */
  dhl: DhlConfig;
}

export interface DhlConfig {
  apiKey?: string;
  apiSecret?: string;
  accountNumber?: string;
  pushToken?: string;
  baseUrl: string;
}

export interface ShippingConfig {
  email?: string;
  password?: string;
  webhookSecret?: string;
  baseUrl: string;
  pickupLocation: string;
  pickupPincode: string;
  /** The simulated courier's pace when left alone; 0: it moves only when told. */
  simulatorStepMinutes: number;
}

export interface WhatsAppConfig {
  baseUrl: string;
  token?: string;
  phoneNumberId?: string;
  appSecret?: string;
  verifyToken?: string;
}

/** An S3 or S3-compatible bucket holding the images (MEDIA_S3_*). */
export interface MediaS3Config {
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** At most `max` in a window of `windowMs` (db/rate-counters.ts). */
export interface Limit {
  max: number;
  windowMs: number;
}

/** Counted per key in the database (db/rate-counters.ts), so every replica sees one count. */
export interface AbuseLimits {
  /** Cart reminders per address. */
  cartReminders: Limit;
  /** Cash-on-delivery code e-mails per address. */
  codCodes: Limit;
  /** One confirmation e-mail per `confirmationEveryMs` to an address with alerts waiting; links last `pendingMs`. */
  stockAlerts: { confirmationEveryMs: number; pendingMs: number };
  /** `/track-order` attempts per order number and per client. */
  orderLookups: { perNumber: Limit; perClient: Limit };
  /** Gift card codes tried (`POST /api/gift-cards/redeem`) per shopper and per client, per hour. */
  giftCardRedeems: { perShopper: Limit; perClient: Limit };
}

/** How long checkout attempts hold what they hold, and how many one client may keep open (see checkout/holds.ts). */
export interface CheckoutLimits {
  holdMinutes: number;
  openOrdersPerClient: number;
}

const PAYPAL_BASE_URLS = { sandbox: "https://api-m.sandbox.paypal.com", live: "https://api-m.paypal.com" } as const;

/** Environment -> typed config, validated once; a bad variable stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (DATABASE_URL= in a shell or a .env) means "not set", not "invalid".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new StartupError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(repoRoot, e.DATA_DIR);
  const limits: DatabaseLimits = {
    poolMax: e.DB_POOL_MAX,
    acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    preparedStatements: e.DB_PREPARED_STATEMENTS === "true",
  };
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL, limits }
      : { kind: "pglite", dataDir: resolve(dataDir, "pglite"), limits },
    dataDir,
    mediaDir: e.MEDIA_DIR ? resolve(repoRoot, e.MEDIA_DIR) : resolve(dataDir, "media"),
    mediaS3: mediaS3Config(e),
    webBuildDir: resolve(repoRoot, "apps/web/build"),
    rateLimitMax: e.RATE_LIMIT_MAX,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    contactRateLimitMax: e.CONTACT_RATE_LIMIT_MAX,
    loginThrottle: { maxFailures: e.LOGIN_MAX_FAILURES, windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000 },
    abuse: abuseLimits(e),
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : e.NODE_ENV !== "production",
    demoAdminPassword: e.DEMO_ADMIN_PASSWORD,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cdnCountryHeader: e.CDN_COUNTRY_HEADER,
    // Off while developing, so an edited page shows at once.
    pageCacheBytes: (e.PAGE_CACHE_MB ?? (e.NODE_ENV === "development" ? 0 : 32)) * 1024 * 1024,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    drainSeconds: e.DRAIN_SECONDS,
    outboxLeaseSeconds: e.OUTBOX_LEASE_SECONDS,
    outboxEveryMs: e.OUTBOX_EVERY_MS,
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      baseUrl: stripSlash(e.RAZORPAY_BASE_URL ?? "https://api.razorpay.com"),
    },
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      webhookId: e.PAYPAL_WEBHOOK_ID,
      baseUrl: stripSlash(e.PAYPAL_BASE_URL ?? PAYPAL_BASE_URLS[e.PAYPAL_ENV]),
    },
    simulator: e.SIMULATOR === "1" || (e.SIMULATOR !== "0" && e.NODE_ENV !== "production"),
    checkout: { holdMinutes: e.ORDER_HOLD_MINUTES, openOrdersPerClient: e.OPEN_ORDERS_PER_CLIENT },
    refundTries: e.REFUND_TRIES,
    shipping: {
      email: e.SHIPPING_EMAIL,
      password: e.SHIPPING_PASSWORD,
      webhookSecret: e.SHIPPING_WEBHOOK_SECRET,
      baseUrl: stripSlash(e.SHIPPING_BASE_URL ?? "https://apiv2.shiprocket.in/v1/external"),
      pickupLocation: e.SHIPPING_PICKUP_LOCATION,
      pickupPincode: e.SHIPPING_PICKUP_PINCODE ?? SELLER.address.postalCode,
      simulatorStepMinutes: e.SHIPPING_SIMULATOR_STEP_MINUTES,
    },
    dhl: {
      apiKey: e.DHL_API_KEY,
      apiSecret: e.DHL_API_SECRET,
      accountNumber: e.DHL_ACCOUNT_NUMBER,
      pushToken: e.DHL_PUSH_TOKEN,
      baseUrl: stripSlash(e.DHL_BASE_URL ?? "https://express.api.dhl.com/mydhlapi"),
    },
    whatsapp: {
      baseUrl: stripSlash(e.WHATSAPP_BASE_URL ?? "https://graph.facebook.com"),
      token: e.WHATSAPP_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
    },
  };
}

/** MEDIA_S3_*: undefined without a bucket; a half-given setting stops start-up rather than being ignored. */
function mediaS3Config(e: z.infer<typeof envSchema>): MediaS3Config | undefined {
  const keyId = e.MEDIA_S3_ACCESS_KEY_ID;
  const secret = e.MEDIA_S3_SECRET_ACCESS_KEY;
  if (!e.MEDIA_S3_BUCKET) {
    if (e.MEDIA_S3_ENDPOINT || keyId || secret)
      throw new StartupError("Invalid environment: MEDIA_S3_* is set but MEDIA_S3_BUCKET is not");
    return undefined;
  }
  if (Boolean(keyId) !== Boolean(secret))
    throw new StartupError(
      "Invalid environment: set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither",
    );
  return {
    bucket: e.MEDIA_S3_BUCKET,
    region: e.MEDIA_S3_REGION,
    endpoint: e.MEDIA_S3_ENDPOINT,
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE === "true",
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function abuseLimits(e: z.infer<typeof envSchema>): AbuseLimits {
  const lookupWindowMs = e.ORDER_LOOKUP_WINDOW_MINUTES * MINUTE;
  return {
    cartReminders: { max: e.CART_REMINDERS_PER_ADDRESS, windowMs: e.CART_REMINDER_WINDOW_DAYS * DAY },
    codCodes: { max: e.COD_CODES_PER_ADDRESS_PER_DAY, windowMs: DAY },
    stockAlerts: {
      confirmationEveryMs: e.STOCK_ALERT_CONFIRMATION_HOURS * 60 * MINUTE,
      pendingMs: e.STOCK_ALERT_PENDING_DAYS * DAY,
    },
    orderLookups: {
      perNumber: { max: e.ORDER_LOOKUPS_PER_NUMBER, windowMs: lookupWindowMs },
      perClient: { max: e.ORDER_LOOKUPS_PER_CLIENT, windowMs: lookupWindowMs },
    },
    giftCardRedeems: {
      perShopper: { max: e.GIFT_CARD_REDEEMS_PER_SHOPPER, windowMs: 60 * MINUTE },
      perClient: { max: e.GIFT_CARD_REDEEMS_PER_CLIENT, windowMs: 60 * MINUTE },
    },
  };
}

const stripSlash = (url: string) => url.replace(/\/+$/, "");

function parseTrustProxy(value: string | undefined): AppConfig["trustProxy"] {
  if (!value || value === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}
