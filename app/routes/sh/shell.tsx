import { Outlet } from "react-router";
import { readCookie } from "~/cookies/cookies";
import { getSignedInSeller, requireSeller } from "~/auth/require-seller.server";
import { BrowserNotice } from "~/components/browser-notice/BrowserNotice";
import { BROWSER_NOTICE_CLOSED_COOKIE, isUnsupportedBrowser } from "~/components/browser-notice/unsupported-browser";
import { LeftNavigation } from "~/components/left-navigation/LeftNavigation";
import { SellerHeader } from "~/components/seller-header/SellerHeader";
import { SideArea } from "~/components/side-area/SideArea";
import { TopNavigation } from "~/components/top-navigation/TopNavigation";
import { pageUrl } from "~/http/page-url";
import { countCurrentMessages } from "~/messages/message-count.server";
import { buildNavigation } from "~/navigation/navigation.server";
import { GENERAL_FEEDBACK, feedbackLinkModel } from "~/feedback/feedback-link.server";
import { redirectOptedOutSeller } from "~/opt-out/opt-out.server";
import { switchToolsLinks } from "~/opt-out/opt-out-view-model.server";
import { databaseContext } from "~/request-context";
import { usePageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/shell";

export const middleware: Route.MiddlewareFunction[] = [requireSeller, redirectOptedOutSeller];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { seller, srt } = getSignedInSeller(context);
  const { db } = context.get(databaseContext);
  const messageCount = await countCurrentMessages(db, seller.id);
  const cookie = request.headers.get("Cookie");
  return {
    member: {
      name: seller.display_name,
      feedbackScore: seller.feedback_score,
      storeUrl: seller.store_url,
      locale: seller.locale,
    },
    navigation: buildNavigation(pageUrl(request), {
      messageCount,
      feedbackLinkData: feedbackLinkModel(seller, request, GENERAL_FEEDBACK),
      ...(await switchToolsLinks(db, seller, request)),
    }),
    srt,
    showBrowserNotice: isUnsupportedBrowser(request.headers.get("User-Agent")) && !readCookie(cookie, BROWSER_NOTICE_CLOSED_COOKIE),
  };
}

/** The shell of every hub page: header, navigation, side area around the page. */
export default function Shell({ loaderData }: Route.ComponentProps) {
  const { member, navigation, srt, showBrowserNotice } = loaderData;
  const { title = "Seller Hub" } = usePageHandle();
  return (
    <div className="shell">
      <SellerHeader
        pageTitle={title}
        memberName={member.name}
        feedbackScore={member.feedbackScore}
        storeUrl={member.storeUrl}
        locale={member.locale}
        srt={srt}
      />
      <TopNavigation navItems={navigation.navItems} />
      {showBrowserNotice && <BrowserNotice focusAfterClose="main-content" />}
      <div className="shell__body">
        <LeftNavigation navGroups={navigation.navGroups} />
        <main id="main-content" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
        <SideArea {...navigation} srt={srt} />
      </div>
    </div>
  );
}
