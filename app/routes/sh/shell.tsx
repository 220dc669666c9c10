import { SellerTimeZoneProvider } from "~/time/seller-time-zone";
import { timeZoneOfMember } from "~/time/time-zones";
import { timeZoneOptions } from "~/time/time-zone.server";
import { href, Outlet, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { readCookie } from "~/cookies/cookies";
import { getSignedInSeller, requireSeller } from "~/auth/require-seller.server";
import { BrowserNotice } from "~/shell/components/browser-notice/BrowserNotice";
import { BROWSER_NOTICE_CLOSED_COOKIE, isUnsupportedBrowser } from "~/shell/unsupported-browser";
import { LeftNavigation } from "~/shell/components/left-navigation/LeftNavigation";
import { NavigationProgress } from "~/shell/components/navigation-progress/NavigationProgress";
import { PageMessages } from "~/messages/components/page-messages/PageMessages";
import { usePageMessages } from "~/messages/use-page-messages";
import { HeaderSearch } from "~/search/components/header-search/HeaderSearch";
import { ShellMenu } from "~/shell/components/shell-menu/ShellMenu";
import { SellerHeader, SellerMember } from "~/shell/components/seller-header/SellerHeader";
import { SideArea } from "~/shell/components/side-area/SideArea";
import { TopNavigation } from "~/shell/components/top-navigation/TopNavigation";
import { pageUrl } from "~/http/page-url";
import { findCurrentMessages, messagesShownAtLoad } from "~/messages/messages.server";
import { showsMessages } from "~/messages/pages-with-messages";
import { markNavigation } from "~/navigation/marked-navigation";
import { messagesLinkData } from "~/navigation/messages-link";
import { findActiveNavigation, validSideLinks } from "~/navigation/navigation.server";
import { feedbackLinkModel, generalFeedback } from "~/feedback/feedback-link.server";
import { redirectOptedOutSeller } from "~/opt-out/opt-out.server";
import { switchToolsLinks } from "~/opt-out/opt-out-view-model.server";
import { formattingLocaleOf, offeredLanguages, textOf } from "~/i18n/language.server";
import { useText } from "~/i18n/text";
import { appearanceContext, databaseContext, languageContext } from "~/request-context";
import { usePageHandle, usePageTitles } from "~/shell/page-handle";
import { MemberPermissionsProvider } from "~/team/member-permissions";
import { may, PERMISSIONS } from "~/team/policy";
import type { Route } from "./+types/shell";

export const middleware: Route.MiddlewareFunction[] = [requireSeller, redirectOptedOutSeller];

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const { seller, member, srt } = getSignedInSeller(context);
  const { db } = context.get(databaseContext);
  const text = textOf(context);
  const cookie = request.headers.get("Cookie");
  // The few current messages are decided here: the first render comes from the request's
  // cookies, so a message whose views are used up never flashes. Pages that show none get only
  // their number, for the side area's link.
  const messages = messagesShownAtLoad(await findCurrentMessages(db, seller.id, context.get(languageContext)), cookie);
  return {
    member: {
      name: member.display_name,
      // Everyone but the member who opened the account (and signs in with its username, lower-cased) works for
      // someone else's: the header says whose. That includes an owner the account was handed to, and
      // a name chosen to look like the account's cannot hide it.
      accountName: member.username === seller.username.toLowerCase() ? undefined : seller.display_name,
      feedbackScore: seller.feedback_score,
      storeUrl: seller.store_url,
      locale: formattingLocaleOf(context),
      languages: offeredLanguages(),
      timeZone: timeZoneOfMember(member, seller),
      timeZones: timeZoneOptions(context.get(languageContext)),
      appearance: context.get(appearanceContext),
    },
    // Where the page sits, not the navigation itself: its labels and URLs never change (decision 062).
    activeNavigation: findActiveNavigation(pageUrl(request)),
    sideLinks: validSideLinks({
      feedbackLinkData: feedbackLinkModel(seller, request, generalFeedback(text)),
      // Switching tools is the account's choice, the owner's to make (decision 086).
      ...(may(member.role, "tools:choose") ? await switchToolsLinks(db, seller, request, text) : {}),
    }),
    permissions: PERMISSIONS.filter((permission) => may(member.role, permission)),
    pageMessages: showsMessages(pattern) ? messages : null,
    messageCount: messages.length,
    srt,
    showBrowserNotice:
      isUnsupportedBrowser(request.headers.get("User-Agent")) && !readCookie(cookie, BROWSER_NOTICE_CLOSED_COOKIE),
  };
}

/**
 * Messages and the active navigation item depend on the page and the cookies, so the shell's
 * data is fetched again on every move to another page, not only when the query changes.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

/** On the results page, the text searched: the header's field shows it. */
function searchedText({ pathname, search }: { pathname: string; search: string }): string | undefined {
  return pathname === href("/sh/search") ? (new URLSearchParams(search).get("q") ?? "") : undefined;
}

/** The shell of every hub page: header, navigation, side area around the page. */
export default function Shell({ loaderData }: Route.ComponentProps) {
  const { member, activeNavigation, sideLinks, srt, showBrowserNotice, messageCount } = loaderData;
  const text = useText();
  const navigation = markNavigation(activeNavigation, text);
  const { heading, documentTitle } = usePageTitles(text);
  const { wide } = usePageHandle();
  const location = useLocation();
  const pageMessages = usePageMessages(loaderData.pageMessages ?? [], location);
  const openMessages = loaderData.pageMessages ? pageMessages.openCount : messageCount;
  const memberProps = {
    memberName: member.name,
    accountName: member.accountName,
    managesTeam: loaderData.permissions.includes("team:manage"),
    feedbackScore: member.feedbackScore,
    storeUrl: member.storeUrl,
    locale: member.locale,
    languages: member.languages,
    timeZone: member.timeZone,
    timeZones: member.timeZones,
    appearance: member.appearance,
    returnTo: location.pathname + location.search,
    srt,
  };
  return (
    <MemberPermissionsProvider value={loaderData.permissions}>
      <div className="shell">
        <title>{documentTitle}</title>
        <SellerHeader
          pageTitle={heading}
          {...memberProps}
          search={<HeaderSearch searchedText={searchedText(location)} />}
          menu={
            <ShellMenu
              navItems={navigation.navItems}
              navGroups={navigation.navGroups}
              member={<SellerMember {...memberProps} className="shell-menu__member" />}
            />
          }
        />
        <TopNavigation navItems={navigation.navItems} />
        {showBrowserNotice && (
          <BrowserNotice
            focusAfterClose="main-content"
            closeForm={{ srt, returnTo: location.pathname + location.search }}
          />
        )}
        <div className={wide ? "shell__body shell__body--wide" : "shell__body"}>
          <LeftNavigation navGroups={navigation.navGroups} />
          <main id="main-content" className="shell__main" tabIndex={-1}>
            <NavigationProgress />
            {loaderData.pageMessages && (
              <PageMessages
                // Each page view shows its messages afresh, and counts one view of each.
                key={location.pathname}
                messages={pageMessages.messages}
                closedIds={pageMessages.closedIds}
                onClose={pageMessages.close}
                focusAfterLast="main-content"
                closeForm={{ action: href("/sh/messages/close"), srt, returnTo: location.pathname + location.search }}
              />
            )}
            <SellerTimeZoneProvider value={member.timeZone}>
              <Outlet />
            </SellerTimeZoneProvider>
          </main>
          <SideArea {...sideLinks} srt={srt} messagesLinkData={messagesLinkData(openMessages, text)} />
        </div>
      </div>
    </MemberPermissionsProvider>
  );
}
