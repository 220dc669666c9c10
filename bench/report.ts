/** Turns the measurements into budgets met or missed, and a short Markdown table. */
export interface Budget {
  name: string;
  figure: string;
  target: string;
  /** null: could not be measured in this run. */
  pass: boolean | null;
}

export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The nearest-rank percentile: the smallest value that `p` per cent of the values do not exceed. */
export function percentile(values: number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function budget(
  name: string,
  value: number | null,
  limit: number,
  format: (value: number) => string,
  direction: "at most" | "at least" = "at most",
): Budget {
  const known = value !== null && Number.isFinite(value);
  return {
    name,
    figure: known ? format(value) : "not measured",
    target: `${direction} ${format(limit)}`,
    pass: known ? (direction === "at most" ? value <= limit : value >= limit) : null,
  };
}

export function markdownTable(rows: string[][]): string {
  const [header, ...body] = rows;
  if (!header) return "";
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...body.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

export function budgetTable(budgets: Budget[]): string {
  return markdownTable([
    ["budget", "figure", "target", "result"],
    ...budgets.map((entry) => [
      entry.name,
      entry.figure,
      entry.target,
      entry.pass === null ? "not measured" : entry.pass ? "pass" : "miss",
    ]),
  ]);
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ms = (value: number) => `${Math.round(value)} ms`;
export const ratio = (value: number) => `${value.toFixed(2)}×`;
