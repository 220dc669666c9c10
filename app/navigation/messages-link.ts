import type { NavigationData } from "./navigation-model";

/** The side area's messages link: how many messages apply, leading to them; none when none do. */
export function messagesLinkData(count: number): NavigationData["messagesLinkData"] {
  if (count <= 0) return undefined;
  return { label: count === 1 ? "1 message" : `${count} messages`, url: "/sh/ovw#messages", count };
}
