import { Link } from "react-router";
import type { NavigationData } from "~/navigation/navigation-model";

export interface SideAreaProps {
  /** The messages link: present only when messages apply. */
  messagesLinkData?: NavigationData["messagesLinkData"];
  /** The feedback link. */
  feedbackLinkData?: NavigationData["feedbackLinkData"];
  /** The link to switch back to the previous tool. */
  optOutLinkData?: NavigationData["optOutLinkData"];
}

/** The seller's side links: messages, feedback, and the way back to the previous tool. */
export function SideArea({ messagesLinkData, feedbackLinkData, optOutLinkData }: SideAreaProps) {
  return (
    <aside className="side-area" aria-label="Seller tools">
      <ul>
        {messagesLinkData && (
          <li>
            <Link to={messagesLinkData.url} className="side-area__messages">
              {messagesLinkData.label}
            </Link>
          </li>
        )}
        {feedbackLinkData && (
          <li>
            <a href={feedbackLinkData.url}>{feedbackLinkData.label}</a>
          </li>
        )}
        {optOutLinkData && (
          <li>
            <Link to={optOutLinkData.url}>{optOutLinkData.label}</Link>
          </li>
        )}
      </ul>
    </aside>
  );
}
