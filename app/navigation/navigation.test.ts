import { textOfLanguage } from "~/i18n/catalogues.server";
import { describe, expect, it } from "vitest";
import { markNavigation } from "./marked-navigation";
import { messagesLinkData } from "./messages-link";
import { LEFT_NAVIGATION, TOP_NAVIGATION, type NavDefinition } from "./navigation-definition";
import { navigationDataSchema } from "./navigation-model";
import { findActiveNavigation, validSideLinks } from "./navigation.server";

const navigationOf = (path: string) =>
  markNavigation(findActiveNavigation(new URL(path, "http://hub.test")), textOfLanguage("en-US").text);

describe("the navigation of a page", () => {
  it("marks the overview's items on the overview", () => {
    const navigation = navigationOf("/sh/ovw");
    expect(navigation.navItems.find((item) => item.label === "Overview")?.active).toBe(true);
    const active = navigation.navGroups.flatMap((group) => group.navItems).filter((item) => item.active);
    expect(active.map((item) => item.label)).toEqual(["Summary"]);
  });

  it("marks the most specific listing view, and its primary item, not its siblings", () => {
    const navigation = navigationOf("/sh/lst/active?status=ended&offset=40");
    const listings = navigation.navItems.find((item) => item.label === "Listings");
    expect(listings?.active).toBe(true);
    expect(listings?.navItems?.filter((item) => item.active).map((item) => item.label)).toEqual(["Ended"]);
    const allListings = navigation.navGroups[1]?.navItems[0];
    expect(allListings?.active).toBe(false);
    expect(allListings?.navItems?.filter((item) => item.active).map((item) => item.label)).toEqual(["Ended"]);
  });

  it("marks the Listings section on a listing's own page, though no item is that page", () => {
    expect(findActiveNavigation(new URL("/sh/lst/1234", "http://hub.test"))).toEqual({ sections: ["/sh/lst/active"] });
    const navigation = navigationOf("/sh/lst/1234");
    expect(navigation.navItems.filter((item) => item.active).map((item) => item.label)).toEqual(["Listings"]);
    expect(navigation.navGroups.flatMap((group) => group.navItems).filter((item) => item.active)).toEqual([]);
  });

  it("sends only where the page sits, not the navigation's labels and URLs", () => {
    const sent = JSON.stringify(findActiveNavigation(new URL("/sh/lst/active?status=ended", "http://hub.test")));
    expect(sent).toBe('{"activeUrl":"/sh/lst/active?status=ended","sections":["/sh/lst/active"]}');
  });

  it("is the navigation data of the product's model on every page an item names, and on none", () => {
    const flatten = (items: NavDefinition[]): NavDefinition[] =>
      items.flatMap((item) => [item, ...flatten(item.navItems ?? [])]);
    const urls = [...flatten(TOP_NAVIGATION), ...LEFT_NAVIGATION.flatMap((group) => flatten(group.navItems))].map(
      (item) => item.url,
    );
    for (const path of [...urls, "/sh/lst/1234", "/sh/unknown"]) {
      expect(() => navigationDataSchema.parse(navigationOf(path)), path).not.toThrow();
    }
  });

  it("gives the same object for the same page, so the navigation does not re-render", () => {
    expect(navigationOf("/sh/perf")).toBe(navigationOf("/sh/perf"));
  });
});

describe("messagesLinkData", () => {
  it("offers a messages link only when messages apply, with their count", () => {
    const english = textOfLanguage("en-US").text;
    expect(messagesLinkData(0, english)).toBeUndefined();
    expect(messagesLinkData(3, english)).toMatchObject({ label: "3 messages", count: 3 });
    expect(messagesLinkData(1, english)?.label).toBe("1 message");
    expect(messagesLinkData(1_234, textOfLanguage("de-DE").text)?.label).toBe("1.234 Mitteilungen");
  });
});

describe("validSideLinks", () => {
  const feedbackLinkData = {
    label: "Give feedback",
    to: "team@example.com",
    subject: "Hub",
    body: "",
    username: "demo",
    browser: "Chrome 131 on Linux",
    site: "EBAY_US",
  };

  it("passes the side area's feedback and switch-tools links through", () => {
    const optInLinkData = { label: "Switch back to the new listings tool", url: "/sh/optin" };
    expect(validSideLinks({ feedbackLinkData, optInLinkData })).toEqual({ feedbackLinkData, optInLinkData });
  });

  it("refuses a link that breaks its model", () => {
    expect(() => validSideLinks({ feedbackLinkData: { ...feedbackLinkData, to: "not an address" } })).toThrow(
      /Invalid email address/,
    );
  });
});
