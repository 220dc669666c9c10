import { createContext, useContext } from "react";
import { PERMISSIONS, type Permission } from "./policy";

/**
 * What the signed-in member may do, as the policy decided on the server for their role, given by
 * the shell to every page under it: a page shows only what the member can use (a viewer's listing
 * has no price form). The server refuses the rest whatever a page shows (`requireSeller`). Outside
 * the shell (a component's test) a component shows everything, as to the account's owner.
 */
const MemberPermissionsContext = createContext<readonly Permission[]>(PERMISSIONS);

export const MemberPermissionsProvider = MemberPermissionsContext.Provider;

/** Whether the signed-in member may do this: `const may = useMay(); may("listings:change")`. */
export function useMay(): (permission: Permission) => boolean {
  const permissions = useContext(MemberPermissionsContext);
  return (permission) => permissions.includes(permission);
}
