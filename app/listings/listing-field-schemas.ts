import { z } from "zod";
import { LISTING_CONDITIONS, LISTING_STATUSES } from "./listing-fields";

export const keysOf = <T extends object>(record: T) =>
  Object.keys(record) as [keyof T & string, ...Array<keyof T & string>];

/** A condition from a query string; an unknown one is ignored rather than refused. */
export const conditionParameter = z.enum(keysOf(LISTING_CONDITIONS)).optional().catch(undefined);

/** A status from a query string; an unknown one is ignored rather than refused. */
export const statusParameter = z.enum(keysOf(LISTING_STATUSES)).optional().catch(undefined);
