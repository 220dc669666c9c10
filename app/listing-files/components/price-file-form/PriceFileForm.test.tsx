import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { PriceFileForm } from "./PriceFileForm";

describe("PriceFileForm", () => {
  // Sending a file is checked in Chromium (e2e/listing-files.spec.ts): jsdom's File is not the one
  // Node's multipart parser takes, so a submit here never reaches an action.
  it("is a multipart form with the anti-forgery token and one CSV file, its limits said by the field", async () => {
    await renderInRouter("/sh/lst/import", () => <PriceFileForm srt="token" maxRows={50_000} />);
    const field = screen.getByLabelText("Listings file (CSV)");
    expect(field).toHaveAttribute("type", "file");
    expect(field).toHaveAttribute("name", "file");
    // Tab-separated files as a spreadsheet saves them too, which the import reads.
    expect(field).toHaveAttribute("accept", ".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain");
    expect(field).toHaveAccessibleDescription(/up to 10 MB and 50,000 rows/);
    const form = screen.getByRole("button", { name: "Check the file" }).closest("form") as HTMLFormElement;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("enctype", "multipart/form-data");
    expect(new FormData(form).get("srt")).toBe("token");
  });

  it("lists every reason a file was refused, each with its row, says nothing changed, and takes focus", async () => {
    await renderInRouter("/sh/lst/import", () => (
      <PriceFileForm
        srt="token"
        maxRows={50_000}
        result={{
          outcome: "refused",
          status: 400,
          reason: "2 rows cannot be taken.",
          problems: [
            { row: 3, reason: "“lamp” is not a listing number." },
            { row: 7, reason: "A quantity cannot be negative." },
          ],
          moreProblems: 4,
        }}
      />
    ));
    const outcome = screen.getByRole("region", { name: "The file was not imported" });
    expect(outcome).toHaveFocus();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Row 3: “lamp” is not a listing number.",
      "Row 7: A quantity cannot be negative.",
    ]);
    // The list scrolls past 24 rem: a region of its own that a keyboard reaches to scroll it.
    const rows = screen.getByRole("region", { name: "Rows that cannot be taken" });
    expect(rows).toHaveAttribute("tabindex", "0");
    expect(rows).toContainElement(screen.getByRole("list"));
    expect(outcome).toHaveTextContent("4 more rows cannot be taken either.");
    expect(outcome).toHaveTextContent("Nothing was changed.");
  });

  it("says when a file changes no price or quantity", async () => {
    await renderInRouter("/sh/lst/import", () => (
      <PriceFileForm srt="token" maxRows={50_000} result={{ outcome: "unchanged" }} />
    ));
    expect(
      screen.getByRole("region", {
        name: "The file changes no price or quantity: every value in it is already its listing’s.",
      }),
    ).toHaveFocus();
  });
});
