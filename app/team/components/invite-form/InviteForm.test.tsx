import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { InviteForm } from "./InviteForm";

describe("InviteForm", () => {
  it("asks for a username and one of the two roles an owner may give, viewer first chosen, as a plain post", async () => {
    await renderInRouter("/sh/team", () => <InviteForm srt="token" />);
    const region = screen.getByRole("region", { name: "Invite a member" });
    const username = within(region).getByRole("textbox", { name: "Their username" });
    expect(username).toHaveAccessibleDescription(/3 to 40 letters or digits/);
    const roles = within(region).getByRole("group", { name: "Role" });
    expect(
      within(roles)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["manager", "viewer"]);
    expect(within(roles).getByRole("radio", { name: /Viewer/ })).toBeChecked();
    const form = username.closest("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form?.querySelector('input[name="intent"]')).toHaveValue("invite");
  });

  it("shows the link made, once, focused to copy, and says until when it works", async () => {
    const link = "https://hub.example/invitation/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    await renderInRouter("/sh/team", () => (
      <InviteForm
        srt="token"
        result={{ ok: true, invited: { username: "sam", link, until: "Dec 2, 2026, 9:00 AM PST" } }}
      />
    ));
    // An <output>: a status that assistive technology reads out as it appears.
    const said = within(screen.getByRole("region", { name: "Invite a member" })).getByRole("status");
    expect(said).toHaveTextContent(
      "The invitation for sam is ready. Send them this link: it works once, until Dec 2, 2026, 9:00 AM PST.",
    );
    const field = screen.getByRole("textbox", { name: "Invitation link for sam" });
    expect(field).toHaveValue(link);
    expect(field).toHaveAttribute("readonly");
    expect(field).toHaveFocus();
    // Focused at once, the field is read with the sentence: a status made with its text may go unsaid.
    expect(field).toHaveAccessibleDescription(
      "The invitation for sam is ready. Send them this link: it works once, until Dec 2, 2026, 9:00 AM PST.",
    );
  });

  it("sets the username apart from the words around it, so a right-to-left one keeps the sentence in order", async () => {
    const link = "https://hub.example/invitation/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    await renderInRouter("/sh/team", () => (
      <InviteForm srt="token" result={{ ok: true, invited: { username: "سارة", link, until: "Dec 2, 2026" } }} />
    ));
    const said = within(screen.getByRole("region", { name: "Invite a member" })).getByRole("status");
    expect(said).toHaveTextContent("The invitation for سارة is ready.");
    // In a <bdi>: the page's text, its accessible name and a copy hold no invisible marks.
    expect([...said.querySelectorAll("bdi")].map((bdi) => bdi.textContent)).toEqual(["سارة"]);
    const label = screen.getByText("Invitation link for", { exact: false });
    expect([...label.querySelectorAll("bdi")].map((bdi) => bdi.textContent)).toEqual(["سارة"]);
    expect(said.textContent).not.toMatch(/[\u2066-\u2069]/);
  });

  it("says a refusal beside the username it is about", async () => {
    await renderInRouter("/sh/team", () => (
      <InviteForm
        srt="token"
        result={{
          ok: false,
          refusal: "The username sam is taken. Choose another.",
          intent: "invite",
          field: "username",
        }}
      />
    ));
    expect(screen.getByRole("alert")).toHaveTextContent("The username sam is taken. Choose another.");
    const username = screen.getByRole("textbox", { name: "Their username" });
    expect(username).toBeInvalid();
    expect(username).toHaveAccessibleDescription(/taken/);
  });

  it("leaves the username unmarked by a refusal that is not about it: the day's limit", async () => {
    // Every refusal marked the username invalid (an audit of 2026-11-29).
    const refusal =
      "This account has tried 20 invitations in the last 24 hours, taken usernames included. Try again tomorrow.";
    await renderInRouter("/sh/team", () => (
      <InviteForm srt="token" result={{ ok: false, refusal, intent: "invite" }} />
    ));
    expect(screen.getByRole("alert")).toHaveTextContent(refusal);
    const username = screen.getByRole("textbox", { name: "Their username" });
    expect(username).not.toHaveAttribute("aria-invalid");
    expect(username).not.toHaveAccessibleDescription(/Try again tomorrow/);
  });
});
