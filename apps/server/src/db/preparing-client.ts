import pg from "pg";

/** Statements each session keeps prepared; any after these run unprepared, so memory stays bounded on both sides. */
const PREPARED_PER_SESSION = 300;
/** What PostgreSQL can prepare and gains from it; BEGIN, COMMIT and savepoints stay simple one-round-trip queries. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** One name per statement text, the same on every connection (PostgreSQL names are per session). */
const statementNames = new Map<string, string>();
/** The texts of statements declared `{ plan: "per-run" }` (db/prepared.ts): they run unprepared. */
const plannedEachRun = new Set<string>();

/** Keeps the statement of this exact text unprepared, so the database plans it for each run's values. */
export function planEachRun(text: string): void {
  plannedEachRun.add(text);
}

/**
 * A client that runs the app's statements as named prepared statements: the database parses and plans a
 * statement once per session instead of on every run, which is much of its work for the short statements of
 * a cart or a checkout (decisions 048 and 056 have the figures; db/README.md). Drizzle passes every value as
 * a parameter, so the texts are few (one per query shape); past PREPARED_PER_SESSION a session prepares no
 * more. `preparedInSession` is the names the database session already holds: a new set for a new PostgreSQL
 * connection, PGlite's one set for the one session every client of it shares.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared: Set<string>;

  constructor(config?: pg.ClientConfig, preparedInSession = new Set<string>()) {
    super(config);
    this.#prepared = preparedInSession;
  }

  // pg's overloads (text or config, values, callback) all arrive here; only a config object or a text is named.
  override query(...args: unknown[]): never {
    const [first, ...rest] = args;
    const config = typeof first === "string" ? { text: first } : first;
    if (isUnnamedText(config) && PREPARABLE.test(config.text)) {
      const name = this.#nameFor(config.text);
      if (name) return (super.query as (...a: unknown[]) => never)({ ...config, name }, ...rest);
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }

  #nameFor(text: string): string | undefined {
    if (plannedEachRun.has(text)) return undefined;
    let name = statementNames.get(text);
    if (!name) {
      if (statementNames.size >= PREPARED_PER_SESSION * 10) return undefined;
      statementNames.set(text, (name = `s${statementNames.size + 1}`));
    }
    if (this.#prepared.has(name)) return name;
    if (this.#prepared.size >= PREPARED_PER_SESSION) return undefined;
    this.#prepared.add(name);
    return name;
  }
}

/**
 * A client that prepares nothing, for `DB_PREPARED_STATEMENTS=false` (a pooler that cannot keep prepared
 * statements): the few statements the code names itself (db/README.md) run unnamed too.
 */
export class UnpreparedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [first, ...rest] = args;
    if (isNamedText(first)) return (super.query as (...a: unknown[]) => never)({ ...first, name: undefined }, ...rest);
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

function isNamedText(config: unknown): config is { text: string; name: string } {
  if (typeof config !== "object" || config === null) return false;
  const query = config as { text?: unknown; name?: unknown; submit?: unknown };
  return typeof query.text === "string" && typeof query.name === "string" && query.submit === undefined;
}

function isUnnamedText(config: unknown): config is { text: string; name?: undefined } {
  if (typeof config !== "object" || config === null) return false;
  const query = config as { text?: unknown; name?: unknown; submit?: unknown };
  return typeof query.text === "string" && query.name === undefined && query.submit === undefined;
}
