/** A GitHub-flavoured markdown table; cells are stringified, pipes escaped. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown) => String(value ?? "").replace(/\|/g, "\\|");
  return [
    `| ${headers.map(cell).join(" | ")} |`,
    `| ${headers.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ].join("\n");
}

export const fmt = {
  ms: (n: number | null | undefined) =>
    n === undefined || n === null || Number.isNaN(n) ? "-" : `${n.toFixed(n < 10 ? 2 : 1)} ms`,
  rps: (n: number) => `${Math.round(n)}`,
  pct: (ratio: number) => `${Math.round(ratio * 100)}%`,
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
  mark: (met: boolean) => (met ? "met" : "**missed**"),
};
