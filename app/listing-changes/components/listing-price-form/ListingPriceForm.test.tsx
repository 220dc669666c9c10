import { render, screen, within } from "@testing-library/react";
import { useState } from "react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { ListingPriceForm, type ListingPriceFormProps } from "./ListingPriceForm";

const listing = {
  id: 7,
  price: 1250,
  currency: "USD",
  status: "active",
  priceVersion: 3,
  quantity: 4,
  quantityVersion: 2,
};
const props: ListingPriceFormProps = { listing, srt: "token", locale: "en-US", search: "" };

describe("ListingPriceForm", () => {
  it("offers the price as the seller types it, in the listing's currency and its decimals", async () => {
    await renderInRouter("/sh/lst/7", () => (
      <>
        <ListingPriceForm {...props} />
        <ListingPriceForm {...props} listing={{ ...listing, id: 8, price: 1500, currency: "JPY" }} locale="de-DE" />
        <ListingPriceForm {...props} listing={{ ...listing, id: 9, price: 12_345, currency: "KWD" }} />
      </>
    ));
    const [dollars, yen, dinars] = [
      screen.getByRole("textbox", { name: "New price in USD" }),
      screen.getByRole("textbox", { name: "New price in JPY" }),
      screen.getByRole("textbox", { name: "New price in KWD" }),
    ];
    expect(dollars).toHaveValue("12.50");
    expect(dollars).toHaveAccessibleDescription("Up to 2 decimals, like 12.50.");
    expect(yen).toHaveValue("1500");
    expect(yen).toHaveAttribute("inputmode", "numeric");
    expect(yen).toHaveAccessibleDescription("A whole number, like 1250.");
    expect(dinars).toHaveValue("12.345");
    expect(dinars).toHaveAccessibleDescription("Up to 3 decimals, like 12.500.");
    const [quantity] = screen.getAllByRole("textbox", { name: "Quantity available" });
    expect(quantity).toHaveValue("4");
    expect(quantity).toHaveAttribute("inputmode", "numeric");
    expect(quantity).toHaveAccessibleDescription("A whole number of items, from 0 to 999,999.");
  });

  it("says when saving ends the undo of the seller's last change, and which", async () => {
    const raise = {
      id: "c1",
      change: { kind: "raise_amount", amount: 100 },
      appliedAt: Date.UTC(2026, 10, 24, 18, 5),
    } as const;
    await renderInRouter("/sh/lst/7", () => <ListingPriceForm {...props} undoEnds={raise} />);
    const ends = "If you save, you can no longer undo your last change: Raise by 1, applied Nov 24, 2026, 6:05 PM UTC.";
    expect(screen.getByRole("textbox", { name: "New price in USD" })).toHaveAccessibleDescription(
      `Up to 2 decimals, like 12.50. ${ends}`,
    );
    expect(screen.getByRole("textbox", { name: "Quantity available" })).toHaveAccessibleDescription(
      `A whole number of items, from 0 to 999,999. ${ends}`,
    );
  });

  it("sends both fields with the values and versions the page showed, to the listing's page with its query", async () => {
    const sent: Array<{ url: string; form: Record<string, string> }> = [];
    const Stub = createRoutesStub([
      {
        path: "/sh/lst/:listingId",
        Component: () => <ListingPriceForm {...props} search="?condition=NEW" />,
        action: async ({ request }) => {
          sent.push({
            url: new URL(request.url).pathname + new URL(request.url).search,
            form: Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>),
          });
          return null;
        },
      },
    ]);
    render(<Stub initialEntries={["/sh/lst/7"]} />);
    const field = await screen.findByRole("textbox", { name: "New price in USD" });
    await userEvent.clear(field);
    await userEvent.type(field, "9.99{Enter}");
    await expect.poll(() => sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      url: "/sh/lst/7?condition=NEW",
      form: {
        srt: "token",
        priceShown: "1250",
        priceVersion: "3",
        quantityShown: "4",
        quantityVersion: "2",
        undoEnds: "",
        price: "9.99",
        quantity: "4",
      },
    });
  });

  it("stays saving, and takes no second save, until the saved page's data is drawn", async () => {
    // The action answers at once; the page's data, loaded again after it, waits for the test.
    let reloaded: (value: null) => void = () => {};
    let saves = 0;
    const Stub = createRoutesStub([
      {
        path: "/sh/lst/:listingId",
        Component: () => <ListingPriceForm {...props} />,
        loader: () => (saves === 0 ? null : new Promise<null>((resolve) => (reloaded = resolve))),
        action: () => {
          saves += 1;
          return null;
        },
      },
    ]);
    render(<Stub initialEntries={["/sh/lst/7"]} />);
    const field = await screen.findByRole("textbox", { name: "New price in USD" });
    await userEvent.clear(field);
    await userEvent.type(field, "9.99{Enter}");
    await expect.poll(() => saves).toBe(1);
    // The old page's versions are still in the form: a second press would send them.
    const button = screen.getByRole("button", { name: "Saving…" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(button);
    // A second save would reach the action in a later task: give it the time to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves).toBe(1);
    reloaded(null);
    expect(await screen.findByRole("button", { name: "Save changes" })).not.toHaveAttribute("aria-disabled");
  });

  it("keeps what was typed after a refusal, says why by the field, and puts focus there", async () => {
    await renderInRouter("/sh/lst/7", () => (
      <ListingPriceForm
        {...props}
        refused={{
          errors: { price: "Enter the price in USD as a number like 12.50." },
          values: { price: "1e20", quantity: "4" },
        }}
      />
    ));
    const field = screen.getByRole("textbox", { name: "New price in USD" });
    expect(field).toHaveValue("1e20");
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(
      "Enter the price in USD as a number like 12.50. Up to 2 decimals, like 12.50.",
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Enter the price in USD as a number like 12.50.");
    expect(field).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Quantity available" })).toBeValid();
  });

  it("says why a quantity was refused by its field, and puts focus there", async () => {
    await renderInRouter("/sh/lst/7", () => (
      <ListingPriceForm
        {...props}
        refused={{
          errors: { quantity: "Enter the quantity as a whole number of items, like 12." },
          values: { price: "12.50", quantity: "-1" },
        }}
      />
    ));
    const field = screen.getByRole("textbox", { name: "Quantity available" });
    expect(field).toHaveValue("-1");
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(
      "Enter the quantity as a whole number of items, like 12. A whole number of items, from 0 to 999,999.",
    );
    expect(field).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "New price in USD" })).toBeValid();
  });

  it("follows the listing's new values in a field left alone, never in one the seller is typing in", async () => {
    function WithNewData() {
      const [shown, setShown] = useState(listing);
      return (
        <>
          <ListingPriceForm {...props} listing={shown} />
          <button
            type="button"
            onClick={() => setShown({ ...listing, price: 1600, priceVersion: 4, quantity: 7, quantityVersion: 3 })}
          >
            New data
          </button>
        </>
      );
    }
    await renderInRouter("/sh/lst/7", () => <WithNewData />);
    const price = screen.getByRole("textbox", { name: "New price in USD" });
    const quantity = screen.getByRole("textbox", { name: "Quantity available" });
    // Typing while a save is on its way, or another tab's values come in with a refusal.
    await userEvent.clear(price);
    await userEvent.type(price, "17");
    await userEvent.click(screen.getByRole("button", { name: "New data" }));
    expect(price).toHaveValue("17");
    expect(quantity).toHaveValue("7");
  });

  it("tells what was saved, with the way to its change and its undo", async () => {
    await renderInRouter("/sh/lst/7", () => (
      <ListingPriceForm
        {...props}
        saved={{ changeId: "abc", price: { from: 1000, to: 1250 }, quantity: { from: 12_000, to: 4 } }}
      />
    ));
    const section = screen.getByRole("region", { name: "Change the price or quantity" });
    expect(within(section).getByRole("status")).toHaveTextContent(
      "Price changed from $10.00 to $12.50. Quantity changed from 12,000 to 4. See or undo this change",
    );
    expect(screen.getByRole("link", { name: "See or undo this change" })).toHaveAttribute("href", "/sh/lst/prices/abc");
  });

  it("says why a price was refused even when the listing ended meanwhile, and the form is gone", async () => {
    await renderInRouter("/sh/lst/7", () => (
      <ListingPriceForm
        {...props}
        listing={{ ...listing, status: "ended" }}
        refused={{ errors: { form: "The listing has ended." }, values: { price: "9.99", quantity: "4" } }}
      />
    ));
    expect(screen.getByRole("alert")).toHaveTextContent("The listing has ended.");
    expect(screen.getByRole("alert")).toHaveFocus();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("offers no price to change on an ended listing, and says why", async () => {
    await renderInRouter("/sh/lst/7", () => <ListingPriceForm {...props} listing={{ ...listing, status: "ended" }} />);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(
      screen.getByText("The listing has ended: its price and quantity can no longer be changed."),
    ).toBeInTheDocument();
  });
});
