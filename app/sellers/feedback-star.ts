export const FEEDBACK_STAR_COLOURS = [
  "Yellow",
  "Blue",
  "Turquoise",
  "Purple",
  "Red",
  "Green",
  "Yellow shooting star",
  "Turquoise shooting star",
  "Purple shooting star",
  "Red shooting star",
  "Green shooting star",
  "Silver shooting star",
] as const;

export type FeedbackStarColour = (typeof FEEDBACK_STAR_COLOURS)[number];

/** The marketplace's public star chart: the lowest score of each colour, in order. */
const STAR_CHART: ReadonlyArray<readonly [minimumScore: number, colour: FeedbackStarColour]> = [
  [1_000_000, "Silver shooting star"],
  [500_000, "Green shooting star"],
  [100_000, "Red shooting star"],
  [50_000, "Purple shooting star"],
  [25_000, "Turquoise shooting star"],
  [10_000, "Yellow shooting star"],
  [5_000, "Green"],
  [1_000, "Red"],
  [500, "Purple"],
  [100, "Turquoise"],
  [50, "Blue"],
  [10, "Yellow"],
];

/** The star a feedback score earns; under 10, none. */
export function feedbackStarFor(score: number): FeedbackStarColour | null {
  return STAR_CHART.find(([minimum]) => score >= minimum)?.[1] ?? null;
}
