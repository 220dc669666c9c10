import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import type { Language } from "~/i18n/languages";
import { TextProvider } from "~/i18n/text";
import { timeZoneOptions } from "~/time/time-zone.server";
import { SellerHeader } from "./SellerHeader";

function renderHeader(language: Language = "en-US", names: { memberName?: string; accountName?: string } = {}) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <SellerHeader
          pageTitle="Listings"
          memberName={names.memberName ?? "Jordan Lee"}
          accountName={names.accountName}
          feedbackScore={1283}
          storeUrl="https://stores.example.com/jordan"
          locale="en-US"
          srt="token-1"
          languages={["en-US", "de-DE", "fr-FR"]}
          timeZone="Europe/Berlin"
          timeZones={timeZoneOptions(language)}
          appearance="dark"
          returnTo="/sh/lst/active?status=ended"
          search={<p>search here</p>}
          menu={<p>menu here</p>}
        />
      ),
    },
  ]);
  render(
    <TextProvider value={textOfLanguage(language)}>
      <Stub />
    </TextProvider>,
  );
  return screen.getByRole("banner");
}

describe("SellerHeader", () => {
  it("heads the page with its title, first offering a skip to the content", () => {
    const header = renderHeader();
    expect(within(header).getByRole("heading", { level: 1 })).toHaveTextContent("Listings");
    expect(within(header).getAllByRole("link")[0]).toHaveAccessibleName("Skip to main content");
    expect(within(header).getByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main-content");
  });

  it("shows the member, their store in a new window, and signs out with the session's token", () => {
    const header = renderHeader();
    expect(within(header).getByText("Jordan Lee")).toBeVisible();
    expect(within(header).getByRole("link", { name: /Your store/ })).toHaveAttribute(
      "href",
      "https://stores.example.com/jordan",
    );
    const signOut = within(header).getByRole("button", { name: "Sign out" }).closest("form") as HTMLFormElement;
    expect(signOut).toHaveAttribute("action", "/signout");
    expect(Object.fromEntries(new FormData(signOut))).toEqual({ srt: "token-1" });
  });

  it("sets the names people typed apart from the words around them, each in its own direction", () => {
    // "سارة for Jordan Lee" read the Arabic name's run into the words after it (an audit of 2026-11-29).
    const header = renderHeader("en-US", { memberName: "سارة", accountName: "Jordan Lee (ACME)" });
    expect(within(header).getByText("سارة").tagName).toBe("BDI");
    expect(within(header).getByText("Jordan Lee (ACME)").tagName).toBe("BDI");
  });

  it("offers the languages, each in its own, and posts the choice with the token and this page", () => {
    const header = renderHeader();
    const choice = within(header).getByRole("combobox", { name: "Language" });
    expect(choice).toHaveValue("en-US");
    expect(
      within(choice)
        .getAllByRole("option")
        .map((option) => [option.textContent, option.lang]),
    ).toEqual([
      ["English (US)", "en-US"],
      ["Deutsch", "de-DE"],
      ["Français", "fr-FR"],
    ]);
    const form = within(header).getByRole("button", { name: "Change language" }).closest("form") as HTMLFormElement;
    expect(form).toHaveAttribute("action", "/sh/language");
    expect(form).toHaveAttribute("method", "post");
    expect(Object.fromEntries(new FormData(form))).toEqual({
      srt: "token-1",
      returnTo: "/sh/lst/active?status=ended",
      language: "en-US",
    });
  });

  it("offers the time zones of the hub's sites by name and city, and posts the choice with the token and this page", () => {
    const header = renderHeader();
    const choice = within(header).getByRole("combobox", { name: "Time zone" });
    expect(choice).toHaveValue("Europe/Berlin");
    const names = within(choice)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(names).toContain("Pacific Time (Los Angeles)");
    expect(names).toContain("Central European Time (Berlin)");
    expect(names.at(-1)).toBe("UTC");
    const form = within(header).getByRole("button", { name: "Change time zone" }).closest("form") as HTMLFormElement;
    expect(form).toHaveAttribute("action", "/sh/time-zone");
    expect(Object.fromEntries(new FormData(form))).toEqual({
      srt: "token-1",
      returnTo: "/sh/lst/active?status=ended",
      timeZone: "Europe/Berlin",
    });
  });

  it("speaks the seller's language, the language choice showing theirs", () => {
    const header = renderHeader("de-DE");
    expect(within(header).getByRole("link", { name: "Zum Hauptinhalt springen" })).toBeVisible();
    expect(within(header).getByRole("combobox", { name: "Sprache" })).toHaveValue("de-DE");
    expect(within(header).getByRole("option", { name: "Mitteleuropäische Zeit (Berlin)" })).toBeInTheDocument();
    expect(within(header).getByRole("button", { name: "Abmelden" })).toBeVisible();
    expect(within(header).getByRole("link", { name: /Ihr Shop.*neuen Fenster/ })).toBeVisible();
  });

  it("places the search and the menu it is given", () => {
    const header = renderHeader();
    expect(within(header).getByText("search here")).toBeVisible();
    expect(within(header).getByText("menu here")).toBeVisible();
  });

  it("offers the appearance beside the language and the time zone, the seller's choice selected", () => {
    const header = renderHeader();
    const choice = within(header).getByRole("combobox", { name: "Appearance" });
    expect(choice).toHaveValue("dark");
    expect(
      within(choice)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["As your system", "Light", "Dark"]);
    expect(within(header).getByRole("button", { name: "Change appearance" })).toBeInTheDocument();
  });
});
