import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FEEDBACK_STAR_COLOURS, feedbackStarFor } from "~/sellers/feedback-star";
import { FeedbackBadge } from "./FeedbackBadge";

describe("feedback star chart", () => {
  it.each([
    [9, null],
    [10, "Yellow"],
    [49, "Yellow"],
    [50, "Blue"],
    [100, "Turquoise"],
    [500, "Purple"],
    [1_000, "Red"],
    [4_999, "Red"],
    [5_000, "Green"],
    [10_000, "Yellow shooting star"],
    [25_000, "Turquoise shooting star"],
    [50_000, "Purple shooting star"],
    [100_000, "Red shooting star"],
    [500_000, "Green shooting star"],
    [999_999, "Green shooting star"],
    [1_000_000, "Silver shooting star"],
  ])("a score of %i earns %s", (score, colour) => {
    expect(feedbackStarFor(score)).toBe(colour);
  });

  it("reaches every colour of the spec", () => {
    const reached = new Set(
      [10, 50, 100, 500, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000, 500_000, 1_000_000].map(feedbackStarFor),
    );
    expect([...reached]).toEqual([...FEEDBACK_STAR_COLOURS]);
  });
});

describe("FeedbackBadge", () => {
  it("writes the star's colour out next to the score", () => {
    render(<FeedbackBadge score={1283} locale="en-US" />);
    expect(screen.getByText("1,283")).toBeVisible();
    expect(screen.getByText("Red star")).toBeVisible();
  });

  it("names shooting stars as such", () => {
    render(<FeedbackBadge score={30_000} locale="en-US" />);
    expect(screen.getByText("Turquoise shooting star")).toBeVisible();
  });

  it("shows no star under 10", () => {
    render(<FeedbackBadge score={4} locale="en-US" />);
    expect(screen.queryByText(/star/)).toBeNull();
  });
});
