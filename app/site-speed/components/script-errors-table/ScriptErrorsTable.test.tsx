import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ScriptErrorsTable } from "./ScriptErrorsTable";

describe("ScriptErrorsTable", () => {
  it("lists each error with where and on which page it happened, and how often", () => {
    render(
      <ScriptErrorsTable
        locale="en-US"
        errors={[
          {
            message: "Uncaught Error: boom",
            source: "/assets/shell.js",
            line: 3,
            column: 9,
            pageName: "sellerHubOverview",
            occurrences: 1500,
            pageViews: 12,
          },
          {
            message: "Unhandled rejection: TypeError: Failed to fetch",
            source: "",
            line: 0,
            column: 0,
            pageName: "sellerHubSiteSpeed",
            occurrences: 2,
            pageViews: 2,
          },
        ]}
      />,
    );
    // Named by its caption, in a region that scrolls by keyboard on a phone, named after it.
    const table = screen.getByRole("table", { name: "Script errors of the period, most frequent first" });
    expect(
      screen.getByRole("region", { name: "Table: Script errors of the period, most frequent first" }),
    ).toContainElement(table);
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first as HTMLElement).getByRole("rowheader")).toHaveTextContent("Uncaught Error: boom");
    expect(first).toHaveTextContent("/assets/shell.js:3:9sellerHubOverview1,50012");
    expect(second).toHaveTextContent("Not known");
  });

  it("says so when there were none", () => {
    render(<ScriptErrorsTable locale="en-US" errors={[]} />);
    expect(screen.getByText("No script errors were reported in this period.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
