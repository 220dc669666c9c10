import type { Text } from "~/i18n/language-text";
import type { NavigationData } from "./navigation-model";

/** The side area's messages link: how many messages apply, leading to them; none when none do. */
export function messagesLinkData(count: number, text: Text): NavigationData["messagesLinkData"] {
  if (count <= 0) return undefined;
  return { label: text("side.messages", { count }), url: "/sh/ovw#messages", count };
}
