import { createContext } from "react-router";
import type { SignedInSeller } from "~/auth/session.server";
import type { Database } from "~/db/database.server";

/** What the HTTP server gives every request: the database and the response's CSP nonce. */
export const databaseContext = createContext<Database>();
export const nonceContext = createContext<string>("");

/** Set by the seller-hub layout's middleware once the session is known. */
export const signedInSellerContext = createContext<SignedInSeller>();
