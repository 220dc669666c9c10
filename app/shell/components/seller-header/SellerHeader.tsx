import type { ReactNode } from "react";
import { Form, href, Link } from "react-router";
import { AppearanceChoice } from "~/appearance/components/appearance-choice/AppearanceChoice";
import type { Appearance } from "~/appearance/appearance";
import { LanguageChoice } from "~/i18n/components/language-choice/LanguageChoice";
import type { Language } from "~/i18n/languages";
import { useText } from "~/i18n/text";
import { TimeZoneChoice } from "~/time/components/time-zone-choice/TimeZoneChoice";
import type { TimeZoneOption } from "~/time/time-zone.server";
import type { HubTimeZone } from "~/time/time-zones";
import { FeedbackBadge } from "../feedback-badge/FeedbackBadge";
import { NewWindowLink } from "../../../components/new-window-link/NewWindowLink";
import { isolate } from "~/i18n/bidi";
import { Isolated } from "~/i18n/components/isolated/Isolated";

export interface SellerHeaderProps {
  /** The page's title, the page's one h1. */
  pageTitle: string;
  /** The member's own name. */
  memberName: string;
  /** The account the member works for, unless they opened it (a manager's, a viewer's, an owner's it was handed to): "for Jordan Lee". */
  accountName?: string;
  /** Whether the member runs the account's team: the header leads to it. */
  managesTeam?: boolean;
  /** The member's feedback score. */
  feedbackScore: number;
  /** The member's store on the marketplace. */
  storeUrl: string;
  /** The member's locale, for numbers. */
  locale: string;
  /** The session's anti-forgery token, for signing out. */
  srt: string;
  /** The languages the member may choose. */
  languages: Language[];
  /** The zone the member reads times in. */
  timeZone: HubTimeZone;
  /** The zones the member may choose, named in their language. */
  timeZones: TimeZoneOption[];
  /** The member's appearance: the system's, light or dark. */
  appearance: Appearance;
  /** This page, to come back to after choosing a language or a time zone. */
  returnTo: string;
  /** The hub's search, between the title and the member. */
  search?: ReactNode;
  /** The navigation's menu on a phone, after the search. */
  menu?: ReactNode;
}

/** The page title's id: the main landmark is named by it, so focus moved there says which page came. */
export const PAGE_TITLE_ID = "page-title";

/** The hub's header: page title, the member, their feedback standing and store. */
export function SellerHeader({ pageTitle, search, menu, ...member }: SellerHeaderProps) {
  const text = useText();
  return (
    <header className="seller-header">
      <a className="skip-link" href="#main-content">
        {text("shell.skipToMainContent")}
      </a>
      <p className="seller-header__brand">{text("hub.name")}</p>
      <h1 id={PAGE_TITLE_ID} className="seller-header__title">
        {pageTitle}
      </h1>
      {search}
      {menu}
      <SellerMember {...member} className="seller-header__member" />
    </header>
  );
}

export type SellerMemberProps = Pick<
  SellerHeaderProps,
  | "memberName"
  | "accountName"
  | "managesTeam"
  | "feedbackScore"
  | "storeUrl"
  | "locale"
  | "srt"
  | "languages"
  | "timeZone"
  | "timeZones"
  | "appearance"
  | "returnTo"
> & { className: string };

/** The signed-in member: name, feedback standing, store, language, time zone, appearance and signing out (in the header; on a phone, in the menu). */
export function SellerMember({
  memberName,
  accountName,
  managesTeam = false,
  feedbackScore,
  storeUrl,
  locale,
  srt,
  languages,
  timeZone,
  timeZones,
  appearance,
  returnTo,
  className,
}: SellerMemberProps) {
  const text = useText();
  return (
    <div className={className}>
      <span className="seller-header__name">
        {/* Names a person typed, in their own direction (an audit of 2026-11-29). */}
        <bdi>{memberName}</bdi>
        {accountName && (
          <span className="seller-header__account">
            {" "}
            <Isolated text={text("member.forAccount", { account: isolate(accountName) })} />
          </span>
        )}
      </span>
      <FeedbackBadge score={feedbackScore} locale={locale} />
      <NewWindowLink href={storeUrl}>{text("member.yourStore")}</NewWindowLink>
      {managesTeam && (
        <Link prefetch="intent" to={href("/sh/team")}>
          {text("member.team")}
        </Link>
      )}
      {/*
        A native disclosure: it opens before and without scripts, and keeps the two choices, seldom
        made, from filling the header's line (with them both open there, the member took two lines).
      */}
      <details className="member-preferences">
        <summary className="member-preferences__summary">{text("member.preferences")}</summary>
        <div className="member-preferences__panel">
          <LanguageChoice offered={languages} srt={srt} returnTo={returnTo} />
          <TimeZoneChoice timeZone={timeZone} options={timeZones} srt={srt} returnTo={returnTo} />
          <AppearanceChoice appearance={appearance} srt={srt} returnTo={returnTo} />
          <Link prefetch="intent" to={href("/sh/account/sessions")}>
            {text("member.sessions")}
          </Link>
        </div>
      </details>
      <Form method="post" action="/signout" className="seller-header__sign-out">
        <input type="hidden" name="srt" value={srt} />
        <button type="submit" className="button button--link">
          {text("member.signOut")}
        </button>
      </Form>
    </div>
  );
}
