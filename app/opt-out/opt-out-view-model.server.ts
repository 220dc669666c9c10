import type { Kysely } from "kysely";
import type { DatabaseSchema, Seller } from "~/db/schema";
import { feedbackLinkModel } from "~/feedback/feedback-link.server";
import type { Text } from "~/i18n/language-text";
import { pageUrl } from "~/http/page-url";
import type { NavigationData } from "~/navigation/navigation-model";
import { DEFAULT_OPT_OUT_URL, optOutViewModelSchema, type OptOutViewModel } from "./opt-out-model";
import { hasOptedOut, isPageOf, LISTINGS_TOOL, type OptOutTool } from "./opt-out.server";

export const OPT_IN_URL = "/sh/optin";

type Who = Pick<Seller, "username" | "site">;

/**
 * What the opt-out link, its dialog and the switch-tools page say about leaving `tool`, in the
 * seller's language. The words name the one tool sellers can leave today, the listings tool: a
 * tool's name inside a sentence takes each language's grammar, so another tool brings its own
 * sentences to the catalogues.
 */
export function optOutViewModel(tool: OptOutTool, seller: Who, request: Request, text: Text): OptOutViewModel {
  const close = { primary: { text: text("optOut.close") } };
  return optOutViewModelSchema.parse({
    linkConfig: { text: text("optOut.link"), url: DEFAULT_OPT_OUT_URL },
    optOutInfo: {
      header: text("optOut.info.header"),
      body: text("optOut.info.body"),
      actions: { primary: { text: text("optOut.info.switch") }, secondary: { text: text("optOut.info.cancel") } },
    },
    optOutSuccess: {
      header: text("optOut.success.header"),
      body: text("optOut.success.body"),
      actions: { primary: { text: text("optOut.success.go") } },
    },
    optOutSwitching: { text: text("optOut.switching") },
    optOutFailed: { header: text("optOut.failed.header"), body: text("optOut.failed.body"), actions: close },
    optOutUnconfirmed: {
      header: text("optOut.unconfirmed.header"),
      body: text("optOut.unconfirmed.body"),
      actions: close,
    },
    cancelOptout: { text: text("optOut.closeDialog") },
    feedbackConfig: feedbackLinkModel(seller, request, {
      label: text("optOut.feedback.label"),
      subject: text("optOut.feedback.subject"),
      body: text("optOut.feedback.body"),
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
  text: Text,
): Promise<Pick<NavigationData, "optOutLinkData" | "optInLinkData">> {
  const { pathname } = pageUrl(request);
  const tool = LISTINGS_TOOL;
  if (isPageOf(tool, pathname)) return { optOutLinkData: optOutViewModel(tool, seller, request, text) };
  if (pathname === tool.previousToolUrl && (await hasOptedOut(db, seller.id, tool))) {
    return { optInLinkData: { label: text("optIn.label"), url: OPT_IN_URL } };
  }
  return {};
}
