import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TableScroll } from "./TableScroll";

describe("TableScroll", () => {
  it("puts the table in a named region that a keyboard can reach to scroll", () => {
    render(
      <TableScroll label="Your listings">
        <table>
          <tbody>
            <tr>
              <td>Kindle</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>,
    );
    const region = screen.getByRole("region", { name: "Your listings" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(region).toContainElement(screen.getByRole("table"));
  });
});
