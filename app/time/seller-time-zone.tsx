import { createContext, useContext } from "react";
import type { HubTimeZone } from "./time-zones";

/**
 * The zone the signed-in seller reads times in, given by the shell to every page under it, so
 * that a component formatting a time needs no prop threaded through each page. Outside the shell
 * (a test, the sign-in page) times are UTC, and say so.
 */
const SellerTimeZoneContext = createContext<HubTimeZone>("UTC");

export const SellerTimeZoneProvider = SellerTimeZoneContext.Provider;

export function useSellerTimeZone(): HubTimeZone {
  return useContext(SellerTimeZoneContext);
}
