import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { useText } from "~/i18n/text";
import { showsMessages } from "~/messages/pages-with-messages";
import { redirectOptedOutSeller } from "~/opt-out/opt-out.server";
import { ShellFrame } from "~/shell/components/shell-frame/ShellFrame";
import { usePageHandle, usePageTitles } from "~/shell/page-handle";
import { loadShell, requireSellerInShell } from "~/shell/shell.server";
import type { Route } from "./+types/shell";

export const middleware: Route.MiddlewareFunction[] = [requireSellerInShell, redirectOptedOutSeller];

export function loader({ request, context, pattern }: Route.LoaderArgs) {
  return loadShell({ request, context }, { showsPageMessages: showsMessages(pattern) });
}

/**
 * Messages and the active navigation item depend on the page and the cookies, so the shell's
 * data is fetched again on every move to another page, not only when the query changes.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

/** The shell of every hub page: header, navigation, side area around the page. */
export default function Shell({ loaderData }: Route.ComponentProps) {
  const { heading, documentTitle } = usePageTitles(useText());
  const { wide } = usePageHandle();
  return (
    <ShellFrame shell={loaderData} heading={heading} documentTitle={documentTitle} wide={wide}>
      <Outlet />
    </ShellFrame>
  );
}
