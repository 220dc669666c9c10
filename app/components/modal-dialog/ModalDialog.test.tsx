import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ModalDialog, ModalDialogClose } from "./ModalDialog";

function Page({ focusDelayMs }: { focusDelayMs?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title="Switch tools"
        description="You can come back."
        focusDelayMs={focusDelayMs}
        closeLabel="Close"
      >
        <button>Switch</button>
        <ModalDialogClose>Cancel</ModalDialogClose>
      </ModalDialog>
    </>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("ModalDialog", () => {
  it("is a modal dialog named by its title and described by its description", () => {
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Switch tools" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription("You can come back.");
    expect(screen.getByRole("button", { name: "Open", hidden: true }).closest("[aria-hidden=true]")).not.toBeNull();
  });

  it("moves focus in only after the focus delay", () => {
    render(<Page focusDelayMs={10} />);
    const opener = screen.getByRole("button", { name: "Open" });
    act(() => opener.focus());
    fireEvent.click(opener);
    act(() => vi.advanceTimersByTime(9));
    expect(screen.getByRole("button", { name: "Switch" })).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: "Switch" })).toHaveFocus();
  });

  it("closes on Escape and gives focus back to the opener", () => {
    render(<Page />);
    const opener = screen.getByRole("button", { name: "Open" });
    act(() => opener.focus());
    fireEvent.click(opener);
    act(() => vi.advanceTimersByTime(0));
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    act(() => vi.advanceTimersByTime(0));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("closes from its own Cancel button and from the close cross", () => {
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
