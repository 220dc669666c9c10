import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ListingFacts } from "./ListingFacts";

describe("ListingFacts", () => {
  it("shows the listing's facts in the seller's words and locale", () => {
    render(
      <ListingFacts
        locale="en-US"
        listing={{
          id: 12_345,
          title: "Kindle",
          price: 12_999,
          currency: "USD",
          condition: "refurbished",
          status: "out_of_stock",
          quantity: 1_500,
          sold: 34,
          epid: "1200876543",
        }}
      />,
    );
    expect(
      screen.getAllByRole("term").map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual([
      "Price: $129.99",
      "Quantity: 1,500",
      "Sold: 34",
      "Condition: Certified refurbished",
      "Status: Out of stock",
      "Listing number: 12345",
      "Product ID (ePID): 1200876543",
    ]);
  });
});
