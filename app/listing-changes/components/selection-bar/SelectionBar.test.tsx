import { act, screen } from "@testing-library/react";
import { useState } from "react";
import userEvent from "@testing-library/user-event";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { renderInRouter, shownAddress } from "../../../../test/render-in-router";
import { SelectionBar, type SelectionBarProps } from "./SelectionBar";

const bar = (props: Partial<SelectionBarProps> = {}) =>
  renderInRouter("/sh/lst/active", () => (
    <form>
      <SelectionBar count={0} matching={160} selectedMatching={0} locale="en-US" hydrated {...props} />
    </form>
  ));

describe("SelectionBar", () => {
  it("keeps the focus in the bar when the button pressed goes with what it did", async () => {
    // "Clear selection" is drawn only while something is selected: pressing it removed it, and
    // the focus fell to the page's body (an audit of 2026-11-29).
    let count = 3;
    let outside = true;
    let redraw = () => {};
    function Bar() {
      const [, setShown] = useState(0);
      redraw = () => setShown((shown) => shown + 1);
      return (
        <>
          <form>
            <SelectionBar count={count} matching={160} selectedMatching={count} locale="en-US" hydrated />
          </form>
          {outside && <button type="button">Elsewhere</button>}
        </>
      );
    }
    await renderInRouter("/sh/lst/active", () => <Bar />);
    screen.getByRole("button", { name: "Clear selection" }).focus();
    count = 0;
    act(() => redraw());
    expect(screen.queryByRole("button", { name: "Clear selection" })).toBeNull();
    expect(screen.getByRole("region", { name: "Change prices or quantities in bulk" })).toHaveFocus();
    // Focus the member moved out of the bar is theirs, even when what has it goes.
    await userEvent.click(screen.getByRole("button", { name: "Elsewhere" }));
    count = 2;
    outside = false;
    act(() => redraw());
    expect(document.body).toHaveFocus();
  });

  it("says how many listings are selected, in a live region, and offers every matching listing", async () => {
    await bar({ count: 1234, selectedMatching: 3 });
    const region = screen.getByRole("region", { name: "Change prices or quantities in bulk" });
    expect(screen.getByText("1,234 listings selected.")).toHaveAttribute("aria-live", "polite");
    expect(region).toContainElement(screen.getByRole("button", { name: "Select all 160 matching these filters" }));
    expect(screen.getByRole("link", { name: "Change prices or quantities" })).toHaveAttribute("href", "/sh/lst/prices");
    expect(screen.getByRole("button", { name: "Clear selection" })).toHaveAttribute("value", "clear");
  });

  it("goes on to choose the change once the ticks on their way are saved, so that the next page counts them", async () => {
    let saveTicks = () => {};
    const ticksSaved = () => new Promise<void>((resolve) => (saveTicks = resolve));
    await bar({ count: 2, ticksSaved });
    await userEvent.click(screen.getByRole("link", { name: "Change prices or quantities" }));
    expect(shownAddress()).toHaveTextContent("/sh/lst/active");
    saveTicks();
    expect(await screen.findByText("/sh/lst/prices")).toBe(shownAddress());
  });

  it("clears, or selects every matching listing, only once the ticks on their way are saved: a tick saved after would undo it", async () => {
    let saveTicks = () => {};
    const ticksSaved = () => new Promise<void>((resolve) => (saveTicks = resolve));
    const sent: string[] = [];
    await renderInRouter("/sh/lst/active", () => (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          sent.push(submitter?.value ?? "");
        }}
      >
        <SelectionBar count={2} matching={160} selectedMatching={0} locale="en-US" hydrated ticksSaved={ticksSaved} />
      </form>
    ));
    for (const name of ["Clear selection", "Select all 160 matching these filters"]) {
      await userEvent.click(screen.getByRole("button", { name }));
      expect(sent).toEqual([]);
      saveTicks();
      await expect.poll(() => sent).toHaveLength(1);
      sent.length = 0;
    }
  });

  it("stays where the seller went meanwhile, if they left before the ticks were saved", async () => {
    let saveTicks = () => {};
    const ticksSaved = () => new Promise<void>((resolve) => (saveTicks = resolve));
    await renderInRouter("/sh/lst/active", () => (
      <form>
        <SelectionBar count={2} matching={160} selectedMatching={0} locale="en-US" hydrated ticksSaved={ticksSaved} />
        <Link to="/sh/ovw">Overview</Link>
      </form>
    ));
    await userEvent.click(screen.getByRole("link", { name: "Change prices or quantities" }));
    await userEvent.click(screen.getByRole("link", { name: "Overview" }));
    expect(shownAddress()).toHaveTextContent("/sh/ovw");
    saveTicks();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shownAddress()).toHaveTextContent("/sh/ovw");
  });

  it("offers neither going on nor clearing with nothing selected, nor selecting what already is", async () => {
    await bar({ count: 0, matching: 5, selectedMatching: 5 });
    expect(screen.getByText("No listings selected.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Change prices or quantities" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Select all/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clear selection" })).not.toBeInTheDocument();
  });

  it("without JavaScript, sends the page's ticks with buttons of the form", async () => {
    await bar({ hydrated: false, count: 1 });
    expect(screen.getByRole("button", { name: "Change prices or quantities of the ticked listings" })).toHaveAttribute(
      "value",
      "choose",
    );
    expect(screen.getByRole("button", { name: "Keep ticks" })).toHaveAttribute("value", "save");
    expect(screen.getByText(/keep the ticks before you go to another page/)).toBeInTheDocument();
    // Until React runs the link is there too; the style sheet shows one way (e2e/shell.spec.ts).
    expect(screen.getByRole("link", { name: "Change prices or quantities" })).toBeInTheDocument();
  });

  it("once React runs, leaves the buttons that only a browser without it needs", async () => {
    await bar({ count: 1 });
    expect(screen.queryByRole("button", { name: "Keep ticks" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Change prices/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/keep the ticks/)).not.toBeInTheDocument();
  });

  it("says why a request was refused, as an alert", async () => {
    await bar({ refusal: "One change takes up to 10,000 listings." });
    expect(screen.getByRole("alert")).toHaveTextContent("One change takes up to 10,000 listings.");
  });
});
