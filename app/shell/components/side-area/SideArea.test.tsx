import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SideArea, type SideAreaProps } from "./SideArea";

function renderSideArea(props: Partial<SideAreaProps>) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <SideArea srt="token-1" {...props} /> }]);
  render(<Stub />);
  return screen.getByRole("complementary", { name: "Seller tools" });
}

describe("SideArea", () => {
  it("leads to the page's messages with their count", () => {
    const side = renderSideArea({ messagesLinkData: { label: "3 messages", url: "#page-messages", count: 3 } });
    expect(within(side).getByRole("link", { name: "3 messages" })).toHaveAttribute("href", "/#page-messages");
  });

  it("offers the way back to the new tool as a form that carries the session's token", () => {
    const side = renderSideArea({ optInLinkData: { label: "Switch back to the new listings tool", url: "/sh/optin" } });
    const form = within(side)
      .getByRole("button", { name: "Switch back to the new listings tool" })
      .closest("form") as HTMLFormElement;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/sh/optin");
    expect(Object.fromEntries(new FormData(form))).toEqual({ srt: "token-1" });
  });

  it("shows only the links that apply", () => {
    const side = renderSideArea({});
    expect(within(side).queryAllByRole("link")).toEqual([]);
    expect(within(side).queryAllByRole("button")).toEqual([]);
  });
});
