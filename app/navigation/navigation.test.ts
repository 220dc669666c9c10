import { describe, expect, it } from "vitest";
import { buildNavigation } from "./navigation.server";

const build = (path: string, messageCount = 0) => buildNavigation(new URL(path, "http://hub.test"), { messageCount });

describe("buildNavigation", () => {
  it("marks the overview's items on the overview", () => {
    const navigation = build("/sh/ovw");
    expect(navigation.navItems.find((item) => item.label === "Overview")?.active).toBe(true);
    const active = navigation.navGroups.flatMap((group) => group.navItems).filter((item) => item.active);
    expect(active.map((item) => item.label)).toEqual(["Summary"]);
  });

  it("marks the most specific listing view, and its primary item, not its siblings", () => {
    const navigation = build("/sh/lst/active?status=ended&offset=40");
    const listings = navigation.navItems.find((item) => item.label === "Listings");
    expect(listings?.active).toBe(true);
    expect(listings?.navItems?.filter((item) => item.active).map((item) => item.label)).toEqual(["Ended"]);
    const allListings = navigation.navGroups[1]?.navItems[0];
    expect(allListings?.active).toBe(false);
    expect(allListings?.navItems?.filter((item) => item.active).map((item) => item.label)).toEqual(["Ended"]);
  });

  it("marks the Listings section on a listing's own page, though no item is that page", () => {
    const navigation = build("/sh/lst/1234");
    expect(navigation.navItems.filter((item) => item.active).map((item) => item.label)).toEqual(["Listings"]);
    expect(navigation.navGroups.flatMap((group) => group.navItems).filter((item) => item.active)).toEqual([]);
  });

  it("offers a messages link only when messages apply, with their count", () => {
    expect(build("/sh/ovw").messagesLinkData).toBeUndefined();
    expect(build("/sh/ovw", 3).messagesLinkData).toMatchObject({ label: "3 messages", count: 3 });
    expect(build("/sh/ovw", 1).messagesLinkData?.label).toBe("1 message");
  });

  it("passes the side area's feedback and switch-tools links through, validated", () => {
    const feedbackLinkData = {
      label: "Give feedback",
      to: "team@example.com",
      subject: "Hub",
      body: "",
      username: "demo",
      browser: "Chrome 131 on Linux",
      site: "EBAY_US",
    };
    const optInLinkData = { label: "Switch back to the new listings tool", url: "/sh/optin" };
    const navigation = buildNavigation(new URL("/sh/ovw", "http://hub.test"), {
      messageCount: 0,
      feedbackLinkData,
      optInLinkData,
    });
    expect(navigation.feedbackLinkData).toEqual(feedbackLinkData);
    expect(navigation.optInLinkData).toEqual(optInLinkData);
    expect(navigation.optOutLinkData).toBeUndefined();
    expect(() =>
      buildNavigation(new URL("/sh/ovw", "http://hub.test"), {
        messageCount: 0,
        feedbackLinkData: { ...feedbackLinkData, to: "not an address" },
      }),
    ).toThrow(/Invalid email address/);
  });
});
