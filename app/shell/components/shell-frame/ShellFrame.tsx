import { href, useLocation } from "react-router";
import { useText } from "~/i18n/text";
import { PageMessages } from "~/messages/components/page-messages/PageMessages";
import { usePageMessages } from "~/messages/use-page-messages";
import { markNavigation } from "~/navigation/marked-navigation";
import { messagesLinkData } from "~/navigation/messages-link";
import { HeaderSearch } from "~/search/components/header-search/HeaderSearch";
import { BrowserNotice } from "~/shell/components/browser-notice/BrowserNotice";
import { LeftNavigation } from "~/shell/components/left-navigation/LeftNavigation";
import { NavigationProgress } from "~/shell/components/navigation-progress/NavigationProgress";
import { PAGE_TITLE_ID, SellerHeader, SellerMember } from "~/shell/components/seller-header/SellerHeader";
import { ShellMenu } from "~/shell/components/shell-menu/ShellMenu";
import { SideArea } from "~/shell/components/side-area/SideArea";
import { TopNavigation } from "~/shell/components/top-navigation/TopNavigation";
import type { ShellData } from "~/shell/shell.server";
import { useFocusAfterNavigation } from "~/shell/use-focus-after-navigation";
import { MemberPermissionsProvider } from "~/team/member-permissions";
import { SellerTimeZoneProvider } from "~/time/seller-time-zone";

export interface ShellFrameProps {
  /** The shell route's data, or the `shell` a refusal carries (`ShellRefusal`). */
  shell: ShellData;
  /** The header's h1: the page's title. */
  heading: string;
  documentTitle: string;
  /** A page of wide tables: it takes the side area's column on a wide screen. */
  wide?: boolean;
  /** The page, inside the main landmark. */
  children: React.ReactNode;
}

/** On the results page, the text searched: the header's field shows it. */
function searchedText({ pathname, search }: { pathname: string; search: string }): string | undefined {
  return pathname === href("/sh/search") ? (new URLSearchParams(search).get("q") ?? "") : undefined;
}

/**
 * The hub around a page: header, navigation, side area, the page's messages. Drawn by the shell
 * route around every page, and by the root's error boundary around a page the member's role does
 * not allow, so that refusal leaves them in the hub with a way on.
 */
export function ShellFrame({ shell, heading, documentTitle, wide, children }: ShellFrameProps) {
  const { member, activeNavigation, sideLinks, srt, showBrowserNotice, messageCount } = shell;
  const text = useText();
  const navigation = markNavigation(activeNavigation, text);
  const location = useLocation();
  useFocusAfterNavigation("main-content");
  const pageMessages = usePageMessages(shell.pageMessages ?? [], location);
  const openMessages = shell.pageMessages ? pageMessages.openCount : messageCount;
  const memberProps = {
    memberName: member.name,
    accountName: member.accountName,
    managesTeam: shell.permissions.includes("team:manage"),
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
    <MemberPermissionsProvider value={shell.permissions}>
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
          <main id="main-content" className="shell__main" tabIndex={-1} aria-labelledby={PAGE_TITLE_ID}>
            <NavigationProgress />
            {shell.pageMessages && (
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
            <SellerTimeZoneProvider value={member.timeZone}>{children}</SellerTimeZoneProvider>
          </main>
          <SideArea {...sideLinks} srt={srt} messagesLinkData={messagesLinkData(openMessages, text)} />
        </div>
      </div>
    </MemberPermissionsProvider>
  );
}
