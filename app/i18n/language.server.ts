import type { Kysely } from "kysely";
import Negotiator from "negotiator";
import type { RouterContextProvider } from "react-router";
import type { DatabaseSchema, Member, Seller } from "~/db/schema";
import { languageContext } from "~/request-context";
import { textOfLanguage } from "./catalogues.server";
import {
  formattingLocale,
  isLanguage,
  isPseudoLanguage,
  languageOfLocale,
  languageOfTag,
  PSEUDO_LANGUAGES,
  SELLER_LANGUAGES,
  SOURCE_LANGUAGE,
  type Language,
} from "./languages";
import type { Text } from "./text";

/**
 * The pseudo-languages are for development and the tests: offered by `npm run dev`, or where
 * SELLER_HUB_PSEUDO_LANGUAGES=1 (the end-to-end tests' server), never to sellers in production.
 */
export function pseudoLanguagesOffered(): boolean {
  // As server/index.ts decides development: `npm start` leaves NODE_ENV unset, and is production.
  return process.env.NODE_ENV === "development" || process.env.SELLER_HUB_PSEUDO_LANGUAGES === "1";
}

/** A visitor not signed in: the first language of their browser's the hub speaks, else English (US). */
export function languageOfVisitor(request: Request): Language {
  const ranges = new Negotiator({ headers: { "accept-language": request.headers.get("Accept-Language") ?? "" } });
  for (const range of ranges.languages()) {
    const language = range === "*" ? SOURCE_LANGUAGE : languageOfTag(range);
    if (language) return language;
  }
  return SOURCE_LANGUAGE;
}

/** A member: the language they chose, else their account's site's. */
export function languageOfMember(member: Pick<Member, "language">, account: Pick<Seller, "locale">): Language {
  const chosen = member.language;
  if (isLanguage(chosen) && (!isPseudoLanguage(chosen) || pseudoLanguagesOffered())) return chosen;
  return languageOfLocale(account.locale);
}

/** The texts of the request's language (a loader's or an action's words to the seller). */
export function textOf(context: Readonly<RouterContextProvider>): Text {
  return textOfLanguage(context.get(languageContext)).text;
}

/**
 * The locale that writes the request's dates, times, counts and money: its language's, not the
 * site's, so one page writes every number one way, the way its reader reads (a seller on eBay
 * Germany who chose French reads "23 nov. 2026" and "1 234,50 €"; docs/decisions/080). The
 * currency and the time zone stay the account's.
 */
export function formattingLocaleOf(context: Readonly<RouterContextProvider>): string {
  return formattingLocale(context.get(languageContext));
}

/** The languages a seller may choose here: every complete one, and the pseudo-languages where offered. */
export function offeredLanguages(): Language[] {
  return [...SELLER_LANGUAGES, ...(pseudoLanguagesOffered() ? PSEUDO_LANGUAGES : [])];
}

/** Stores the member's choice; a language not offered is refused and nothing changes. */
export async function chooseLanguage(
  db: Kysely<DatabaseSchema>,
  memberId: number,
  language: unknown,
): Promise<{ chosen: true } | { chosen: false }> {
  if (!offeredLanguages().some((offered) => offered === language)) return { chosen: false };
  await db
    .updateTable("member")
    .set({ language: language as Language })
    .where("id", "=", memberId)
    .execute();
  return { chosen: true };
}
