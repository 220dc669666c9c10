import { useState, type Dispatch, type SetStateAction } from "react";

/**
 * A form field's value while the seller edits it: starts from `value`, and starts over whenever
 * `value` changes (a new page of results, Back or Forward), without losing an edit otherwise.
 */
export function useDraft<T>(value: T): [T, Dispatch<SetStateAction<T>>] {
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (!Object.is(followed, value)) {
    setFollowed(value);
    setDraft(value);
  }
  return [draft, setDraft];
}
