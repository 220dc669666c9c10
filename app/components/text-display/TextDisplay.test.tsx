import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { textDisplaySchema, type TextDisplayModel } from "~/text-display/text-display-model";
import { TEXT_STYLES } from "~/text-display/text-styles";
import { TRACKING_EVENT } from "~/tracking/tracking";
import { OperationsProvider } from "./operations";
import { TextDisplay } from "./TextDisplay";

function renderModel(model: TextDisplayModel, operations = {}) {
  return render(
    <OperationsProvider operations={operations}>
      <TextDisplay model={model} />
    </OperationsProvider>,
  );
}

describe("TextDisplay value", () => {
  it("keeps the model's value with its text, as the machine-readable value of a data element", () => {
    const { container } = renderModel({ text: "$12.99", value: 1299, styles: ["BOLD"] });
    const data = container.querySelector("data");
    expect(data).toHaveAttribute("value", "1299");
    expect(data).toHaveTextContent("$12.99");
    expect(screen.getByText("$12.99").tagName).toBe("STRONG");
  });

  it("shows the value itself when it is all the model has to show", () => {
    renderModel({ text: "", value: "In stock" });
    expect(screen.getByText("In stock")).toBeVisible();
  });

  it("adds nothing when there is no value", () => {
    const { container } = renderModel({ text: "Sold" });
    expect(container.querySelector("data")).toBeNull();
  });
});

describe("TextDisplay styles", () => {
  it.each([
    ["BOLD", "strong"],
    ["SUPERSCRIPT", "sup"],
    ["SUBSCRIPT", "sub"],
    ["STRIKETHROUGH", "s"],
    ["EMPHASIS", "em"],
    ["HIGHLIGHT", "mark"],
    ["ITALIC", "i"],
  ] as const)("renders %s as <%s>", (style, element) => {
    const { container } = renderModel({ text: "Price", styles: [style] });
    expect(container.querySelector(element)).toHaveTextContent("Price");
  });

  it("renders DEFAULT as plain text", () => {
    const { container } = renderModel({ text: "Plain", styles: ["DEFAULT"] });
    expect(container.querySelector(".text-display")?.innerHTML).toBe("Plain");
  });

  it.each([
    ["NEGATIVE", "▼"],
    ["POSITIVE", "▲"],
  ] as const)("marks %s with a sign as well as a colour", (style, sign) => {
    const { container } = renderModel({ text: "4%", styles: [style] });
    expect(container.querySelector(`.text-display--${style.toLowerCase()}`)).toHaveTextContent(`${sign}4%`);
  });

  it("nests several styles on one span", () => {
    const { container } = renderModel({ textSpans: [{ text: "$10", styles: ["BOLD", "STRIKETHROUGH"] }] });
    expect(container.querySelector("s > strong")).toHaveTextContent("$10");
  });

  it("covers every style of the spec", () => {
    expect(TEXT_STYLES).toHaveLength(10);
    for (const style of TEXT_STYLES) expect(() => renderModel({ text: style, styles: [style] })).not.toThrow();
  });

  it("throws exactly 'Styles must be passed as an array' for styles that are not an array", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const model = { text: "x", styles: "BOLD" } as unknown as TextDisplayModel;
    expect(() => renderModel(model)).toThrow(new TypeError("Styles must be passed as an array"));
    const span = { textSpans: [{ text: "x", styles: "BOLD" }] } as unknown as TextDisplayModel;
    expect(() => renderModel(span)).toThrow("Styles must be passed as an array");
  });

  it("the schema refuses a non-array with the same words", () => {
    const result = textDisplaySchema.safeParse({ text: "x", styles: "BOLD" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Styles must be passed as an array");
  });
});

describe("TextDisplay text", () => {
  it("joins text spans", () => {
    renderModel({ textSpans: [{ text: "Sold " }, { text: "3", styles: ["BOLD"] }, { text: " today" }] });
    expect(screen.getByText("3").closest(".text-display")).toHaveTextContent("Sold 3 today");
  });

  it("lets assistive technology read accessibilityText in place of the visible text", () => {
    const { container } = renderModel({ text: "4.9★", accessibilityText: "Rated 4.9 out of 5" });
    expect(screen.getByText("4.9★")).toHaveAttribute("aria-hidden", "true");
    expect(container.querySelector(".visually-hidden")).toHaveTextContent("Rated 4.9 out of 5");
  });
});

describe("TextDisplay actions", () => {
  it("renders NAV as a link", () => {
    renderModel({ text: "See listing", action: { type: "NAV", URL: "/sh/lst/1" } });
    expect(screen.getByRole("link", { name: "See listing" })).toHaveAttribute("href", "/sh/lst/1");
  });

  it("opens NAV with newWindow in a new tab, safely and with the shared label", () => {
    renderModel({ text: "Help", action: { type: "NAV", URL: "https://help.example.com", newWindow: true } });
    const link = screen.getByRole("link", { name: /^Help\s*\(opens in a new window or tab\)$/ });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("runs an OPERATION from the page's registry and records its tracking, tagged with the page", () => {
    const openInsights = vi.fn<() => void>();
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(TRACKING_EVENT, listener);
    document.documentElement.dataset.pageName = "sellerHubProductSummary";
    renderModel(
      {
        text: "Product insights",
        action: { type: "OPERATION", name: "openInsights", tracking: { eventAction: "insights" } },
      },
      { openInsights },
    );
    fireEvent.click(screen.getByRole("button", { name: "Product insights" }));
    window.removeEventListener(TRACKING_EVENT, listener);
    expect(openInsights).toHaveBeenCalledOnce();
    expect(events).toEqual([expect.objectContaining({ eventAction: "insights", pageName: "sellerHubProductSummary" })]);
  });

  it("renders an OPERATION the page does not offer as text, never as a dead button", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderModel({ text: "Do it", action: { type: "OPERATION", name: "missing" } });
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Do it")).toBeVisible();
  });

  it("the schema refuses script URLs", () => {
    expect(
      textDisplaySchema.safeParse({ text: "x", action: { type: "NAV", URL: "javascript:alert(1)" } }).success,
    ).toBe(false);
  });
});
