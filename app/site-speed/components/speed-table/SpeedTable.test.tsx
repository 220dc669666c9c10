import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SpeedTable } from "./SpeedTable";

describe("SpeedTable", () => {
  it("names the table by its caption, and its scrolling region after it, reachable by keyboard", () => {
    render(
      <SpeedTable caption="Web vitals of sellerHubOverview at the 75th percentile">
        <tbody>
          <tr>
            <td>1</td>
          </tr>
        </tbody>
      </SpeedTable>,
    );
    expect(
      screen.getByRole("table", { name: "Web vitals of sellerHubOverview at the 75th percentile" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("region", { name: "Table: Web vitals of sellerHubOverview at the 75th percentile" }),
    ).toHaveAttribute("tabindex", "0");
  });
});
