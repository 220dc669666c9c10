import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NavItem } from "~/navigation/navigation-model";
import { TopNavigation } from "./TopNavigation";

const NAV_ITEMS: NavItem[] = [
  { label: "Overview", url: "/sh/ovw", active: true },
  {
    label: "Listings",
    url: "/sh/lst/active",
    active: false,
    navItems: [
      { label: "All listings", url: "/sh/lst/active", active: false },
      { label: "Ended", url: "/sh/lst/active?status=ended", active: false },
    ],
  },
];

function renderNavigation() {
  render(
    <MemoryRouter>
      <TopNavigation navItems={NAV_ITEMS} />
    </MemoryRouter>,
  );
  const button = screen.getByRole("button", { name: "More in Listings" });
  const item = button.closest("li") as HTMLElement;
  return { button, item, primaryLink: screen.getByRole("link", { name: "Listings" }) };
}

const isOpen = (button: HTMLElement) => button.getAttribute("aria-expanded") === "true";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("TopNavigation hover intent", () => {
  it("opens once the pointer has rested for one 100 ms interval", () => {
    const { button, item } = renderNavigation();
    fireEvent.mouseEnter(item, { clientX: 10, clientY: 10 });
    fireEvent.mouseMove(item, { clientX: 13, clientY: 12 });
    act(() => vi.advanceTimersByTime(99));
    expect(isOpen(button)).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(isOpen(button)).toBe(true);
    expect(screen.getByRole("link", { name: "Ended" })).toBeVisible();
  });

  it("does not open for a finger: a tap's mouse events are not a pointer resting, and the chevron's button opens it", () => {
    const { button, item } = renderNavigation();
    fireEvent.pointerEnter(item, { pointerType: "touch" });
    fireEvent.mouseEnter(item, { clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(1000));
    expect(isOpen(button)).toBe(false);
    fireEvent.click(button);
    expect(isOpen(button)).toBe(true);
    expect(screen.getByRole("link", { name: "All listings" })).toBeVisible();
  });

  it("does not open for a pointer passing through at speed", () => {
    const { button, item } = renderNavigation();
    fireEvent.mouseEnter(item, { clientX: 0, clientY: 10 });
    fireEvent.mouseMove(item, { clientX: 40, clientY: 10 });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(1000));
    expect(isOpen(button)).toBe(false);
  });

  it("treats 7 px of travel as movement and 6 px as rest", () => {
    const { button, item } = renderNavigation();
    fireEvent.mouseEnter(item, { clientX: 0, clientY: 0 });
    fireEvent.mouseMove(item, { clientX: 4, clientY: 3 });
    act(() => vi.advanceTimersByTime(100));
    expect(isOpen(button)).toBe(false);
    fireEvent.mouseMove(item, { clientX: 7, clientY: 6 });
    act(() => vi.advanceTimersByTime(100));
    expect(isOpen(button)).toBe(true);
  });

  it("closes as soon as the pointer leaves (time-out 0)", () => {
    const { button, item } = renderNavigation();
    fireEvent.mouseEnter(item, { clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(100));
    expect(isOpen(button)).toBe(true);
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(0));
    expect(isOpen(button)).toBe(false);
  });
});

describe("TopNavigation keyboard and focus", () => {
  it("toggles from its button and says so in aria-expanded", () => {
    const { button } = renderNavigation();
    expect(screen.queryByRole("link", { name: "Ended" })).toBeNull();
    fireEvent.click(button);
    expect(isOpen(button)).toBe(true);
    expect(button).toHaveAttribute("aria-controls", screen.getByRole("link", { name: "Ended" }).closest("ul")?.id);
    fireEvent.click(button);
    expect(isOpen(button)).toBe(false);
  });

  it("closes on Escape and puts focus back on the button", () => {
    const { button } = renderNavigation();
    fireEvent.click(button);
    const ended = screen.getByRole("link", { name: "Ended" });
    act(() => ended.focus());
    fireEvent.keyDown(ended, { key: "Escape", keyCode: 27 });
    expect(isOpen(button)).toBe(false);
    expect(button).toHaveFocus();
  });

  it("stays closed when its link takes focus, so the button's next press opens it", () => {
    const { button, primaryLink } = renderNavigation();
    act(() => primaryLink.focus());
    expect(isOpen(button)).toBe(false);
    act(() => button.focus());
    fireEvent.click(button);
    expect(isOpen(button)).toBe(true);
  });

  it("closes on Escape when opened by the pointer while focus is elsewhere, and leaves focus there", () => {
    const { button, item } = renderNavigation();
    const overview = screen.getByRole("link", { name: "Overview" });
    act(() => overview.focus());
    fireEvent.mouseEnter(item, { clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(100));
    expect(isOpen(button)).toBe(true);
    fireEvent.keyDown(overview, { key: "Escape", keyCode: 27 });
    expect(isOpen(button)).toBe(false);
    expect(overview).toHaveFocus();
  });

  it("closes on Escape pressed with focus nowhere in particular", () => {
    const { button, item } = renderNavigation();
    fireEvent.mouseEnter(item, { clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.keyDown(document.body, { key: "Escape", keyCode: 27 });
    expect(isOpen(button)).toBe(false);
  });

  it("stays open while focus moves inside, and closes 100 ms after focus leaves", () => {
    const { button } = renderNavigation();
    fireEvent.click(button);
    act(() => screen.getByRole("link", { name: "All listings" }).focus());
    act(() => screen.getByRole("link", { name: "Ended" }).focus());
    act(() => vi.advanceTimersByTime(500));
    expect(isOpen(button)).toBe(true);

    act(() => screen.getByRole("link", { name: "Overview" }).focus());
    act(() => vi.advanceTimersByTime(99));
    expect(isOpen(button)).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(isOpen(button)).toBe(false);
  });

  it("closes when one of its links is followed", () => {
    const { button } = renderNavigation();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole("link", { name: "Ended" }));
    expect(isOpen(button)).toBe(false);
  });
});
