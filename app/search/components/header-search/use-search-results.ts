import { useEffect, useEffectEvent } from "react";
import { useFetcher } from "react-router";
import { POPUP_PARAMETER } from "../../results-page";
import { resultsPageUrl, type SearchAnswer } from "../../search-results";
import { readSearchText } from "../../search-text";

/**
 * Long enough that a seller typing a word at an ordinary pace (5–6 characters a second, about
 * 180 ms apart) sends one request for it, short enough that results follow a pause at once.
 */
export const TYPING_PAUSE_MS = 200;

export interface SearchResults {
  /** The latest answer, which may be for an earlier text while the current one loads. */
  answer: SearchAnswer | undefined;
  /** The answer is for the text as it is now. */
  current: boolean;
  /** The text the server searches, as the seller's text reads to it. */
  searched: string;
}

/**
 * The search route's answer for the text, fetched once the seller pauses. A fetcher aborts its
 * earlier request when it loads again, and shows only the latest load's answer: a slow answer
 * to an older text never replaces a newer one.
 */
export function useSearchResults(text: string): SearchResults {
  const fetcher = useFetcher<SearchAnswer>();
  const searched = readSearchText(text).text;
  // The results route, asked for the popup's few listings, uncounted, titles from 3 characters: the cheapest answer to a pause.
  const load = useEffectEvent(
    (searchText: string) => void fetcher.load(`${resultsPageUrl(searchText)}&${POPUP_PARAMETER}`),
  );
  useEffect(() => {
    if (searched === "") return;
    const timer = setTimeout(() => load(searched), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [searched]);
  const answer = searched === "" ? undefined : fetcher.data;
  return { answer, current: answer?.results.text === searched && fetcher.state === "idle", searched };
}
