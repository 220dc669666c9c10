import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "../../test/route-table";
import { may, OPEN_ROUTES, PERMISSIONS, permissionFor, ROUTE_PERMISSIONS } from "./policy";
import { ROLES } from "./roles";

describe("the team's policy", () => {
  it("gives each role what issue 32 says: the owner all, a manager the listings, a viewer the reads", () => {
    const granted = Object.fromEntries(ROLES.map((role) => [role, PERMISSIONS.filter((p) => may(role, p))]));
    expect(granted).toEqual({
      owner: [...PERMISSIONS],
      manager: ["self", "overview:read", "listings:read", "listings:change", "listings:import", "speed:read"],
      viewer: ["self", "overview:read", "listings:read", "speed:read"],
    });
  });

  it("names every address of the route table, as open to all or with what it needs", () => {
    const named = new Set([...OPEN_ROUTES, ...Object.keys(ROUTE_PERMISSIONS)]);
    expect(ROUTE_TABLE.map(({ path }) => path).filter((path) => !named.has(path))).toEqual([]);
    // And nothing the route table no longer has.
    expect([...named].filter((path) => !ROUTE_TABLE.some((route) => route.path === path))).toEqual([]);
  });

  it("asks for the change permission for any method but GET and HEAD, and for nothing at an unknown address", () => {
    expect(permissionFor("/sh/lst/:listingId", "GET")).toBe("listings:read");
    expect(permissionFor("/sh/lst/:listingId", "HEAD")).toBe("listings:read");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      expect(permissionFor("/sh/lst/:listingId", method)).toBe("listings:change");
    expect(permissionFor("/sh/ovw", "POST")).toBe("overview:read");
    expect(permissionFor("/sh/no-such-route", "GET")).toBeUndefined();
    // As React Router names the pattern a request matched: its matches' paths joined, no slash first.
    expect(permissionFor("sh/lst/:listingId/insights", "GET")).toBe("listings:read");
  });
});
