import { createContext } from "react-router";
import type { SignedInSeller } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import type { Appearance } from "~/appearance/appearance";
import { SOURCE_LANGUAGE, type Language } from "~/i18n/languages";

/** What the HTTP server gives every request: the database and the response's CSP nonce. */
export const databaseContext = createContext<Database>();
export const nonceContext = createContext<string>("");
/** The client's network address, for limits such as sign-in attempts. */
export const clientAddressContext = createContext<string>("unknown");

/** Set by the seller-hub layout's middleware once the session is known. */
export const signedInSellerContext = createContext<SignedInSeller>();

/** The language the response speaks: the visitor's, then the signed-in seller's (app/i18n/language.server.ts). */
export const languageContext = createContext<Language>(SOURCE_LANGUAGE);

/** The appearance the response is painted in: the system's, then the signed-in seller's choice (decision 082). */
export const appearanceContext = createContext<Appearance>("system");
