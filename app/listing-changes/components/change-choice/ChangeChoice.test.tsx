import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ChangeChoice } from "./ChangeChoice";

describe("ChangeChoice", () => {
  it("offers the five kinds of price change and the three of quantity as a radio group, and names the amount after the kind chosen", async () => {
    render(<ChangeChoice errors={{}} />);
    const group = screen.getByRole("group", { name: "How to change them" });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual([
      "raise_amount",
      "lower_amount",
      "raise_percent",
      "lower_percent",
      "set_price",
      "set_quantity",
      "add_quantity",
      "take_quantity",
    ]);
    expect(screen.getByRole("radio", { name: "Raise by a percentage" })).toBeChecked();
    expect(screen.getByRole("textbox", { name: "Percentage to add (%)" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Set one price" }));
    expect(screen.getByRole("textbox", { name: "New price (in each listing's currency)" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Round each new price" })).toHaveValue("");
    expect(screen.getByRole("option", { name: "To the nearest price ending in .99" })).toHaveValue("99");
  });

  it("asks a quantity in whole items, on a number keypad, and offers no rounding for it", async () => {
    render(<ChangeChoice errors={{}} />);
    await userEvent.click(screen.getByRole("radio", { name: "Take off the quantity" }));
    const amount = screen.getByRole("textbox", { name: "Items to take off" });
    expect(amount).toHaveAttribute("inputmode", "numeric");
    expect(amount).toHaveAccessibleDescription("A whole number of items, for example 5.");
    expect(screen.queryByRole("combobox", { name: "Round each new price" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Lower by an amount" }));
    expect(screen.getByRole("combobox", { name: "Round each new price" })).toBeInTheDocument();
  });

  it("ties each problem to its field, keeps what was sent, and announces that nothing was previewed", () => {
    render(
      <ChangeChoice
        errors={{ amount: "Enter the amount as a number above 0 with up to 2 decimals, for example 2.50." }}
        values={{ kind: "lower_amount", amount: "2.505", ending: "99" }}
      />,
    );
    const amount = screen.getByRole("textbox", { name: "Amount to take off (in each listing's currency)" });
    expect(amount).toHaveValue("2.505");
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(amount).toHaveAccessibleDescription(/^Enter the amount as a number above 0/);
    expect(screen.getByRole("alert")).toHaveTextContent(/^The change was not previewed: Enter the amount/);
    expect(screen.getByRole("combobox", { name: "Round each new price" })).toHaveValue("99");
  });

  it("moves focus to the first field with a problem after a refused submit, and again after the next", () => {
    const { rerender } = render(<ChangeChoice errors={{}} />);
    expect(document.body).toHaveFocus();
    rerender(<ChangeChoice errors={{ ending: "Choose one of the endings offered.", amount: "Enter an amount." }} />);
    expect(screen.getByRole("textbox", { name: /Percentage to add/ })).toHaveFocus();
    screen.getByRole("radio", { name: "Set one price" }).focus();
    rerender(<ChangeChoice errors={{ ending: "Choose one of the endings offered." }} />);
    expect(screen.getByRole("combobox", { name: "Round each new price" })).toHaveFocus();
  });

  it("offers only the endings the seller's currency has: a whole price in yen, .990 in dinars", () => {
    const { unmount } = render(<ChangeChoice errors={{}} currency="JPY" />);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Don’t round",
      "To a whole price",
    ]);
    unmount();
    render(<ChangeChoice errors={{}} currency="KWD" />);
    expect(screen.getByRole("option", { name: "To the nearest price ending in .990" })).toHaveValue("99");
  });

  it("gives its example amount with the seller's decimal mark", () => {
    const { unmount } = render(<ChangeChoice errors={{}} currency="EUR" locale="de-DE" />);
    expect(screen.getByRole("textbox", { name: /^Percentage to add/ })).toHaveAccessibleDescription(
      "A number with up to 2 decimals, for example 10 or 2,50.",
    );
    unmount();
    render(<ChangeChoice errors={{}} currency="USD" locale="en-US" />);
    expect(screen.getByRole("textbox", { name: /^Percentage to add/ })).toHaveAccessibleDescription(
      "A number with up to 2 decimals, for example 10 or 2.50.",
    );
  });
});
