import { useNavigation } from "react-router";

/**
 * True from the moment a form of the page is sent until the page it leads to is drawn: its
 * button says so and takes no second press.
 *
 * React Router's navigation is "submitting" only until the action answers. It is then "loading",
 * the submission still on it, while the page's data is loaded again or a redirect is followed,
 * and only idle in the same update that brings the new data. A form that counted "submitting"
 * alone gave its button back in that gap, beside the old page's hidden fields: a second press
 * sent a price's old version, or made a second preview (a helper's review; the listing price
 * form's test holds the reload back to see it; decision 054).
 */
export function useSending(): boolean {
  const { state, formMethod } = useNavigation();
  return state !== "idle" && formMethod !== undefined && formMethod.toUpperCase() !== "GET";
}
