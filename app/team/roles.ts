/**
 * The roles a member of an account may have (decision 086): the owner may do everything, the
 * team included; a manager runs the listings, their prices and quantities, imports and exports; a
 * viewer reads and changes nothing. What each may do is decided in one place, the team's policy.
 */
export const ROLES = ["owner", "manager", "viewer"] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The roles an owner may give by invitation or change: an account has one owner, and becomes another's only when handed over (handOverOwnership). */
export type InvitedRole = Exclude<Role, "owner">;
