import * as fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { sampleBeacon } from "../test/speed-beacons";
import { signInFormSchema } from "./auth/sign-in-form";
import { feedbackLinkModelSchema } from "./feedback/feedback-link-model";
import { listingFiltersSchema } from "./listings/listing-filters";
import { messageViewModelSchema } from "./messages/message-model";
import { navigationDataSchema } from "./navigation/navigation-model";
import { optOutViewModelSchema } from "./opt-out/opt-out-model";
import { conditionChangeSchema, frameToParentSchema } from "./product-summary/frame-messages";
import { productSummarySchema } from "./product-summary/product-summary-model";
import { speedBeaconSchema } from "./site-speed/beacon-schema";
import { textDisplaySchema } from "./text-display/text-display-model";

interface Schema {
  safeParse(input: unknown): { success: boolean; data?: unknown; error?: { issues: Array<{ message: string }> } };
}

const text = (value: string) => ({ text: value });
const feedbackLink = {
  label: "Give feedback",
  to: "feedback@example.com",
  subject: "Seller Hub",
  body: "",
  username: "demo",
  browser: "Chrome 131 on Linux",
  site: "EBAY_US",
};
const view = { header: "Header", body: "Body" };

/** A valid example of every view model and message the hub parses, to mutate one field at a time. */
const SCHEMAS: Array<{ name: string; schema: Schema; example: unknown }> = [
  {
    name: "text display model",
    schema: textDisplaySchema,
    example: {
      textSpans: [{ text: "$10", styles: ["BOLD"] }],
      action: { type: "NAV", URL: "/sh/ovw", newWindow: true },
    },
  },
  {
    name: "message view model",
    schema: messageViewModelSchema,
    example: {
      title: "News",
      type: ["info"],
      content: [text("Bulk prices are here.")],
      controls: [{ name: "cross" }],
      config: { messageId: "news-1", maxViews: 2, permanent: true },
    },
  },
  {
    name: "navigation data",
    schema: navigationDataSchema,
    example: {
      navItems: [
        {
          label: "Listings",
          url: "/sh/lst/active",
          active: true,
          navItems: [{ label: "Ended", url: "/sh/lst/active?status=ended", active: false }],
        },
      ],
      navGroups: [{ heading: "Overview", navItems: [{ label: "Summary", url: "/sh/ovw", active: false }] }],
    },
  },
  {
    name: "opt-out view model",
    schema: optOutViewModelSchema,
    example: {
      linkConfig: { text: "Switch to the previous tool", url: "/sh/optout" },
      optOutInfo: { ...view, actions: { primary: { text: "Switch" }, secondary: { text: "Cancel" } } },
      optOutSuccess: { ...view, actions: { primary: { text: "Go" } } },
      optOutSwitching: { text: "Switching…" },
      optOutFailed: { ...view, actions: { primary: { text: "Close" } } },
      optOutUnconfirmed: { ...view, actions: { primary: { text: "Close" } } },
      cancelOptout: { text: "Close" },
      feedbackConfig: feedbackLink,
    },
  },
  { name: "feedback link model", schema: feedbackLinkModelSchema, example: feedbackLink },
  {
    name: "product summary",
    schema: productSummarySchema,
    example: {
      listingId: 12,
      subject: "This listing",
      heading: "Kindle Paperwhite",
      listingSummary: {
        listingId: text("12"),
        epid: text("1200876543"),
        displayPrice: text("$99.99"),
        logisticsCost: text("Free shipping"),
      },
      marketComparison: text("Lowest of 4"),
      insightsData: {
        listingId: "12",
        epid: "1200876543",
        displayPrice: "$99.99",
        additionalPrice: "",
        logisticsCost: "Free shipping",
      },
    },
  },
  {
    name: "frame message to the parent",
    schema: frameToParentSchema,
    example: { type: "openProductInsights", data: { epid: "1200876543" } },
  },
  {
    name: "frame message from the parent",
    schema: conditionChangeSchema,
    example: {
      type: "conditionChange",
      data: { fieldChanged: "condition", itemId: "12", condition: "used", status: "" },
    },
  },
  { name: "speed beacon", schema: speedBeaconSchema, example: sampleBeacon() },
  {
    name: "listing filters",
    schema: listingFiltersSchema,
    example: { status: "active", condition: "new", q: "kindle", sort: "price", offset: "20", limit: "20" },
  },
  {
    name: "sign-in form",
    schema: signInFormSchema,
    example: { username: "demo", password: "sellerhub", srt: "token", redirectTo: "/sh/ovw" },
  },
];

/** Every path into a JSON value: where a mutation can land. */
function pathsOf(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== "object") return [path];
  const children = Object.entries(value).flatMap(([key, child]) =>
    pathsOf(child, [...path, Array.isArray(value) ? Number(key) : key]),
  );
  return [path, ...children];
}

/** The example with the value at one path replaced, or removed. */
function mutate(example: unknown, path: Array<string | number>, replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(example) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (remove && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

/**
 * Accepted: accepted again unchanged, so loaders can hand it on without re-checking.
 * Refused: every issue says why in words.
 */
function expectReasonableAnswer(schema: Schema, input: unknown): void {
  const result = schema.safeParse(input);
  const verdict = result.success
    ? {
        accepted: true,
        acceptedAgainUnchanged: isDeepStrictEqual(schema.safeParse(result.data), { success: true, data: result.data }),
      }
    : { accepted: false, everyReasonSaid: (result.error?.issues ?? []).every((issue) => issue.message.trim() !== "") };
  expect(verdict).toEqual(
    verdict.accepted ? { accepted: true, acceptedAgainUnchanged: true } : { accepted: false, everyReasonSaid: true },
  );
}

describe.each(SCHEMAS)("the $name schema, for any input", ({ schema, example }) => {
  it("accepts its example", () => {
    expect(schema.safeParse(example).success).toBe(true);
  });

  it("answers anything at all without throwing, with a reason for every refusal", () => {
    fc.assert(fc.property(fc.jsonValue(), (input) => expectReasonableAnswer(schema, input)));
  });

  it("answers its example with any one field changed or removed the same way", () => {
    const paths = pathsOf(example);
    fc.assert(
      fc.property(
        fc.nat({ max: paths.length - 1 }),
        fc.oneof(
          fc.jsonValue(),
          fc.string(),
          fc.constantFrom(null, "", -1, 1e308, "javascript:alert(1)", "//evil.example"),
        ),
        fc.boolean(),
        (index, replacement, remove) =>
          expectReasonableAnswer(schema, mutate(example, paths[index] as Array<string | number>, replacement, remove)),
      ),
    );
  });
});
