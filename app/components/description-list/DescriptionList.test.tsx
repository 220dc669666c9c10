import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DescriptionList } from "./DescriptionList";

describe("DescriptionList", () => {
  it("pairs each term with its description, in order", () => {
    render(
      <DescriptionList
        items={[
          ["Price", "$129.99"],
          ["Shipping", <strong key="free">Free</strong>],
        ]}
      />,
    );
    expect(
      screen.getAllByRole("term").map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`),
    ).toEqual(["Price=$129.99", "Shipping=Free"]);
  });

  it("leaves out a pair with nothing to describe", () => {
    render(
      <DescriptionList
        items={[
          ["Price", "$129.99"],
          ["Was", ""],
          ["Banner", undefined],
          ["Note", null],
        ]}
      />,
    );
    expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual(["Price"]);
  });
});
