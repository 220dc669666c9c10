import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { richText, splitTags } from "./rich-text";

describe("richText", () => {
  it("puts each tag's element where the message has it, the words around it kept", () => {
    render(
      <p data-testid="sentence">
        {richText("Narrow them down on the <link>listings page</link>, or <b>not</b>.", {
          link: <a href="/sh/lst/active">placeholder</a>,
          b: <strong />,
        })}
      </p>,
    );
    expect(screen.getByTestId("sentence")).toHaveTextContent("Narrow them down on the listings page, or not.");
    expect(screen.getByRole("link", { name: "listings page" })).toHaveAttribute("href", "/sh/lst/active");
    expect(screen.getByText("not").tagName).toBe("STRONG");
  });

  it("splits a message into runs of words, each with its tag", () => {
    expect(splitTags(" Yours is <b>12% above the median</b>.", ["b"])).toEqual([
      { text: " Yours is " },
      { text: "12% above the median", tag: "b" },
      { text: "." },
    ]);
  });

  it("leaves a tag it was not given as text, and text without tags alone", () => {
    expect(richText("a <x>b</x> c", {})).toEqual(["a <x>b</x> c"]);
    expect(richText("Schließen", { link: <a href="/">placeholder</a> })).toEqual(["Schließen"]);
  });
});
