import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { TextProvider } from "~/i18n/text";
import { VitalFigure } from "./VitalFigure";

describe("VitalFigure", () => {
  it("shows the figure in the vital's unit with its rating in words, at each threshold", () => {
    const { container } = render(
      <p>
        <VitalFigure vital="LCP" value={2500} locale="en-US" />, <VitalFigure vital="LCP" value={2501} locale="en-US" />
        , <VitalFigure vital="INP" value={12_345} locale="en-US" />,{" "}
        <VitalFigure vital="CLS" value={0.26} locale="en-US" />
      </p>,
    );
    expect(container).toHaveTextContent("2,500 ms Good, 2,501 ms Needs improvement, 12.3 s Poor, 0.26 Poor");
    expect(container.querySelector(".rating--needs-improvement")).toHaveTextContent("Needs improvement");
  });

  it("in the seller's language and numbers", () => {
    const { container } = render(
      <TextProvider value={textOfLanguage("de-DE")}>
        <VitalFigure vital="LCP" value={1780} locale="de-DE" />
      </TextProvider>,
    );
    expect(container).toHaveTextContent("1.780 ms Gut");
  });
});
