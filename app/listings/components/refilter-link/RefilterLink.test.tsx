import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInRouter, shownAddress } from "../../../../test/render-in-router";
import { RefilterLink } from "./RefilterLink";

describe("RefilterLink", () => {
  it("is a real link to the re-filtered address, offset back to 0", async () => {
    await renderInRouter("/sh/lst/active?q=mixer&offset=40", () => (
      <RefilterLink changes={["status", "ended"]}>Ended</RefilterLink>
    ));
    expect(screen.getByRole("link", { name: "Ended" })).toHaveAttribute(
      "href",
      "/sh/lst/active?q=mixer&offset=0&status=ended",
    );
  });

  it("re-filters in place on a plain click, then calls onRefiltered", async () => {
    const onRefiltered = vi.fn<() => void>();
    await renderInRouter("/sh/lst/active?q=mixer", () => (
      <RefilterLink
        changes={[
          ["q", ""],
          ["condition", "used"],
        ]}
        onRefiltered={onRefiltered}
      >
        Used, any title
      </RefilterLink>
    ));
    const click = fireEvent.click(screen.getByRole("link", { name: "Used, any title" }));
    expect(click).toBe(false);
    await waitFor(() => expect(onRefiltered).toHaveBeenCalledOnce());
    expect(shownAddress()).toHaveTextContent("/sh/lst/active?condition=used");
  });

  it("leaves a click for a new tab or window to the browser", async () => {
    await renderInRouter("/sh/lst/active", () => <RefilterLink changes={["status", "ended"]}>Ended</RefilterLink>);
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      expect(fireEvent.click(screen.getByRole("link", { name: "Ended" }), modifier)).toBe(true);
    }
    expect(shownAddress()).toHaveTextContent(/^\/sh\/lst\/active$/);
  });
});
