/** One change to the query: a key and its new value. An empty value (after trimming) removes the key. */
export type QueryChange = readonly [key: string, value: string | number | null | undefined];

/** A single change or a list of them. */
export type QueryChanges = QueryChange | readonly QueryChange[];

/** Names where a reload came from (a control, a message); carried in the query as `src`. */
export const SOURCE_PARAMETER = "src";

/**
 * The query string of a re-filtered page (docs/product/pages-and-navigation.md, docs/product/calls-and-limits.md): the current parameters plus the changes,
 * values trimmed, keys with an empty value removed, and any `offset` back to 0 so that the new
 * results start at their first page. An `offset` among the changes wins: that is how a page
 * link moves through the results. `src` names this reload; one without it drops an earlier one.
 */
export function rebuildQuery(current: URLSearchParams, changes: QueryChanges, src?: string): URLSearchParams {
  const query = new URLSearchParams(current);
  if (query.has("offset")) query.set("offset", "0");
  for (const [key, value] of asList(changes)) setOrRemove(query, key, value);
  setOrRemove(query, SOURCE_PARAMETER, src);
  return query;
}

function asList(changes: QueryChanges): readonly QueryChange[] {
  return isSingleChange(changes) ? [changes] : changes;
}

function isSingleChange(changes: QueryChanges): changes is QueryChange {
  return typeof changes[0] === "string";
}

function setOrRemove(query: URLSearchParams, key: string, value: string | number | null | undefined): void {
  const trimmed = String(value ?? "").trim();
  if (trimmed === "") query.delete(key);
  else query.set(key, trimmed);
}
