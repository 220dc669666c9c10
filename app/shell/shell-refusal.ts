import { isRouteErrorResponse } from "react-router";
import type { ShellData } from "./shell.server";

/** A page refused to the member's role, with what the shell around the refusal shows (`requireSellerInShell`). */
export interface ShellRefusal {
  reason: string;
  shell: ShellData;
}

/** Whether a 403's data is a page's refusal inside the shell, rather than a plain reason or a form's. */
function isShellRefusal(value: unknown): value is ShellRefusal {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ShellRefusal).reason === "string" &&
    typeof (value as ShellRefusal).shell === "object" &&
    (value as ShellRefusal).shell !== null
  );
}

/** The refusal inside the shell that a route error is, if it is one. */
export function shellRefusalOf(error: unknown): ShellRefusal | undefined {
  return isRouteErrorResponse(error) && isShellRefusal(error.data) ? error.data : undefined;
}
