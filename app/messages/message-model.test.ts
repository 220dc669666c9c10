import { describe, expect, it } from "vitest";
import { describeIssues, messageViewModelSchema } from "./message-model";
import { isDialogMessage, messageTone } from "./message-type";

const valid = {
  title: "Payout account verified",
  type: "success",
  message: "Your next payouts go to the account ending 4821.",
};

function reasons(model: unknown): string[] {
  const result = messageViewModelSchema.safeParse(model);
  return result.success ? [] : describeIssues(result.error, "model");
}

describe("the message view model", () => {
  it("takes every field of docs/product/models.md", () => {
    const model = {
      title: "Confirm your tax details",
      type: ["alert", "dialog"],
      messageType: "COMPLIANCE",
      content: [
        { text: "Payouts pause on 30 June." },
        { textSpans: [{ text: "Confirm now", action: { type: "NAV", URL: "/sh/tax" } }] },
      ],
      controls: [
        { name: "confirm", text: "Confirm", action: { type: "NAV", URL: "/sh/tax" } },
        { name: "later", text: "Later", action: { type: "OPERATION", name: "closeMessage" } },
        { name: "cross", accessibilityText: "Dismiss" },
      ],
      config: { messageId: "tax-2026", permanent: true, maxViews: 3, maxDismissal: 2 },
    };
    expect(reasons(model)).toEqual([]);
    expect(isDialogMessage(messageViewModelSchema.parse(model))).toBe(true);
    expect(messageTone(messageViewModelSchema.parse(model))).toBe("alert");
  });

  it("reads a dialog without another type as informational", () => {
    expect(messageTone({ type: "dialog" })).toBe("info");
    expect(messageTone({ type: ["success"] })).toBe("success");
    expect(isDialogMessage({ type: "alert" })).toBe(false);
  });

  it("refuses a missing model", () => {
    expect(reasons(undefined)).toEqual(["model: Invalid input: expected object, received undefined"]);
  });

  it.each([
    ["an empty messageId", { ...valid, config: { messageId: "" } }, "model.config.messageId: Invalid widget ID"],
    [
      "a messageId that cannot name a cookie",
      { ...valid, config: { messageId: "a;b" } },
      "model.config.messageId: messageId names cookies: use letters, digits, '_', '.' and '-' only, at most 100",
    ],
    [
      "no content and no message",
      { title: "x", type: "info" },
      "model.content: A message needs content or message (one of them, not both)",
    ],
    [
      "both content and message",
      { ...valid, content: [{ text: "x" }] },
      "model.content: A message needs content or message (one of them, not both)",
    ],
    [
      "an unknown type",
      { ...valid, type: "warning" },
      "model.type: type must be alert, success, info or dialog, or a list of them",
    ],
    [
      "an unknown type in a list",
      { ...valid, type: ["alert", "warning"] },
      'model.type[1]: Invalid option: expected one of "alert"|"success"|"info"|"dialog"',
    ],
    [
      "two looks at once",
      { ...valid, type: ["alert", "success"] },
      "model.type: type names at most one of alert, success and info",
    ],
    [
      "a dialog without a title",
      { type: "dialog", message: "x" },
      "model.title: A dialog message needs a title: it names the dialog",
    ],
    [
      "a control without an action",
      { ...valid, controls: [{ name: "ok", text: "OK" }] },
      "model.controls[0]: A control other than the cross needs text or textSpans, and an action",
    ],
    [
      "two crosses",
      { ...valid, controls: [{ name: "cross" }, { name: "cross" }] },
      "model.controls: Each control needs a name of its own (one cross at most)",
    ],
    [
      "styles that are not an array",
      { ...valid, message: { text: "x", styles: "BOLD" } },
      "model.message.styles: Styles must be passed as an array",
    ],
    ["a misspelt key", { ...valid, tittle: "x" }, 'model: Unrecognized key: "tittle"'],
    [
      "maxViews of zero",
      { ...valid, config: { messageId: "a", maxViews: 0 } },
      "model.config.maxViews: Too small: expected number to be >0",
    ],
  ])("refuses %s, saying where and why", (_, model, reason) => {
    expect(reasons(model)).toContain(reason);
  });

  it("says 'Styles must be passed as an array' inside content", () => {
    expect(reasons({ ...valid, message: undefined, content: [{ text: "x", styles: "BOLD" }] })).toEqual([
      "model.content[0].styles: Styles must be passed as an array",
    ]);
  });
});
