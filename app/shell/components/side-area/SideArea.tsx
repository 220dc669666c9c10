import { useText } from "~/i18n/text";
import { Form, Link } from "react-router";
import type { NavigationData } from "~/navigation/navigation-model";
import { FeedbackLink } from "../../../components/feedback-link/FeedbackLink";
import { OptOutLink } from "../../../opt-out/components/opt-out-link/OptOutLink";

export interface SideAreaProps {
  /** The messages link: present only when messages apply. */
  messagesLinkData?: NavigationData["messagesLinkData"];
  /** The feedback link's model. */
  feedbackLinkData?: NavigationData["feedbackLinkData"];
  /** The opt-out view model, on the pages of a tool the seller may leave. */
  optOutLinkData?: NavigationData["optOutLinkData"];
  /** The way back to the new tool, on the previous tool's page for a seller who left it. */
  optInLinkData?: NavigationData["optInLinkData"];
  /** The session's anti-forgery token, for switching tools. */
  srt: string;
}

/** The seller's side links: messages, feedback, and switching between the new and the previous tool. */
export function SideArea({ messagesLinkData, feedbackLinkData, optOutLinkData, optInLinkData, srt }: SideAreaProps) {
  const text = useText();
  return (
    <aside className="side-area" aria-label={text("shell.sellerTools")}>
      <ul>
        {messagesLinkData && (
          <li>
            <Link prefetch="intent" to={messagesLinkData.url} className="side-area__messages">
              {messagesLinkData.label}
            </Link>
          </li>
        )}
        {feedbackLinkData && (
          <li>
            <FeedbackLink model={feedbackLinkData} />
          </li>
        )}
        {optOutLinkData && (
          <li>
            <OptOutLink model={optOutLinkData} srt={srt} />
          </li>
        )}
        {optInLinkData && (
          <li>
            <Form method="post" action={optInLinkData.url} className="side-area__form">
              <input type="hidden" name="srt" value={srt} />
              <button type="submit" className="button button--link">
                {optInLinkData.label}
              </button>
            </Form>
          </li>
        )}
      </ul>
    </aside>
  );
}
