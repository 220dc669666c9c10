import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RatingShareBar } from "./RatingShareBar";

describe("RatingShareBar", () => {
  it("says each rating's share in words, the bar hidden from assistive technology", () => {
    const { container } = render(<RatingShareBar percentages={{ good: 70, "needs-improvement": 20, poor: 10 }} />);
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Good 70%",
      "Needs improvement 20%",
      "Poor 10%",
    ]);
    expect(container.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });

  it("lays the parts end to end and leaves out empty ones", () => {
    const { container } = render(<RatingShareBar percentages={{ good: 75, "needs-improvement": 0, poor: 25 }} />);
    expect(
      [...container.querySelectorAll("rect")].map((part) => [part.getAttribute("x"), part.getAttribute("width")]),
    ).toEqual([
      ["0", "75"],
      ["75", "25"],
    ]);
  });
});
