import type { Kysely } from "kysely";
import type { DatabaseSchema, Seller } from "~/db/schema";
import { feedbackLinkModel } from "~/feedback/feedback-link.server";
import { pageUrl } from "~/http/page-url";
import type { NavigationData } from "~/navigation/navigation-model";
import { DEFAULT_OPT_OUT_URL, optOutViewModelSchema, type OptOutViewModel } from "./opt-out-model";
import { hasOptedOut, isPageOf, LISTINGS_TOOL, type OptOutTool } from "./opt-out.server";

export const OPT_IN_URL = "/sh/optin";

type Who = Pick<Seller, "username" | "site">;

/** What the opt-out link, its dialog and the switch-tools page say about leaving `tool`. */
export function optOutViewModel(tool: OptOutTool, seller: Who, request: Request): OptOutViewModel {
  return optOutViewModelSchema.parse({
    linkConfig: { text: "Switch to the previous tool", url: DEFAULT_OPT_OUT_URL },
    optOutInfo: {
      header: "Switch to the previous tool?",
      body: `From now on, opening your listings takes you to the previous tool instead of the ${tool.name}. You can switch back there at any time.`,
      actions: { primary: { text: "Switch" }, secondary: { text: "Cancel" } },
    },
    optOutSuccess: {
      header: "You are using the previous tool",
      body: `Opening your listings now takes you to the previous tool. To come back, choose “Switch back to the ${tool.name}” there.`,
      actions: { primary: { text: "Go to the previous tool" } },
    },
    optOutSwitching: { text: "Switching you to the previous tool…" },
    optOutFailed: {
      header: "We could not switch you",
      body: `Your choice was not saved and you are still using the ${tool.name}. Try again in a moment.`,
      actions: { primary: { text: "Close" } },
    },
    optOutUnconfirmed: {
      header: "We could not confirm the switch",
      body: `The connection gave out before the answer came, so your choice may or may not have been saved. The next page you open shows which tool you are using; if it is still the ${tool.name}, you can switch again.`,
      actions: { primary: { text: "Close" } },
    },
    cancelOptout: { text: "Close dialog" },
    feedbackConfig: feedbackLinkModel(seller, request, {
      label: "Tell us why you switched",
      subject: `Why I switched away from the ${tool.name}`,
      body: `What made you switch? What would bring you back to the ${tool.name}?`,
    }),
    previousToolUrl: tool.previousToolUrl,
  });
}

/**
 * The side area's switch: on the tool's pages, the opt-out link; on the previous tool's page,
 * for a seller who left the tool, the way back. Nowhere else: no one opts out of a tool they are not in.
 */
export async function switchToolsLinks(
  db: Kysely<DatabaseSchema>,
  seller: Seller,
  request: Request,
): Promise<Pick<NavigationData, "optOutLinkData" | "optInLinkData">> {
  const { pathname } = pageUrl(request);
  const tool = LISTINGS_TOOL;
  if (isPageOf(tool, pathname)) return { optOutLinkData: optOutViewModel(tool, seller, request) };
  if (pathname === tool.previousToolUrl && (await hasOptedOut(db, seller.id, tool))) {
    return { optInLinkData: { label: `Switch back to the ${tool.name}`, url: OPT_IN_URL } };
  }
  return {};
}
