import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { expect, it, vi } from "vitest";
import { HeaderSearch } from "./HeaderSearch";

// The combobox's chunk cannot be fetched: a deploy replaced it, or the network dropped.
vi.mock("./SearchCombobox", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

it("keeps the plain field, its text and its focus when the combobox's code cannot load", async () => {
  const Stub = createRoutesStub([{ path: "/sh/ovw", Component: HeaderSearch }]);
  render(<Stub initialEntries={["/sh/ovw"]} />);
  const user = userEvent.setup();
  const field = () => screen.getByRole("searchbox", { name: "Search listings, pages and messages" });
  const first = field();
  await user.click(first);
  await user.keyboard("kin");
  // The plain field that the failed load puts back is a new element: wait for it, then type on.
  await waitFor(() => expect(field()).not.toBe(first));
  await user.keyboard("dle");
  expect(field()).toHaveFocus();
  expect(field()).toHaveValue("kindle");
  expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
});
