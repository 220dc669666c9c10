import { useLayoutEffect, type RefObject } from "react";

/**
 * The field that replaces the plain one takes its focus, caret at the end, in the same commit
 * that removes the plain one: focus is never left on nothing.
 */
export function useFieldHandover(fieldRef: RefObject<HTMLInputElement | null>, hadFocus: boolean): void {
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!hadFocus || !field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [fieldRef, hadFocus]);
}
