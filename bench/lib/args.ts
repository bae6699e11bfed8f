import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * Parses `--flag value` options strictly, so a mistyped option stops the run instead of silently
 * benchmarking the defaults. `--help` prints the usage text and exits.
 */
export function cliArgs<const T extends Options>(usage: string, options: T) {
  if (process.argv.includes("--help")) {
    console.log(usage.trim());
    process.exit(0);
  }
  return parseArgs({ options, strict: true, allowPositionals: false }).values;
}

/** A positive whole number from an option, or the default when the option is absent. */
export function intArg(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`--${name} must be a positive whole number, got ${String(value)}`);
  return n;
}

/** A comma-separated list of positive whole numbers ("1000,10000"); "100k" and "10k" are accepted too. */
export function intListArg(value: unknown, fallback: readonly number[], name: string): number[] {
  if (value === undefined) return [...fallback];
  return String(value)
    .split(",")
    .map((part) => {
      const match = /^(\d+)(k?)$/i.exec(part.trim());
      if (!match?.[1]) throw new Error(`--${name} must be a list like 1000,10k,100k, got ${String(value)}`);
      return Number(match[1]) * (match[2] ? 1000 : 1);
    });
}

export function stringArg(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
