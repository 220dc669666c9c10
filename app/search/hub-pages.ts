import type { Text } from "~/i18n/language-text";
import { TOP_NAVIGATION, type NavDefinition } from "~/navigation/navigation-definition";
import { DEFAULT_OPT_OUT_URL } from "~/opt-out/opt-out-model";
import { searchFold } from "./search-fold";

/** A page or section of the hub that the search finds. */
export interface HubPage {
  label: string;
  url: string;
  /** The navigation item it sits under, shown beside its label ("Listings" for "Out of stock"). */
  section: string | null;
}

interface SearchablePage extends HubPage {
  /** The words sellers use for it besides its label. */
  words: string[];
}

/**
 * Words sellers type for a page that its label does not hold, by the page's URL: the names other
 * marketplaces' consoles give the same thing, and what the page answers.
 */
const OTHER_WORDS: Record<string, string[]> = {
  "/sh/ovw": ["home", "dashboard", "summary", "start"],
  "/sh/lst/active": ["items", "inventory", "products", "stock", "catalogue"],
  "/sh/lst/active?status=active": ["live", "selling", "on sale"],
  "/sh/lst/active?status=out_of_stock": ["sold out", "no stock", "none left", "quantity zero", "restock"],
  "/sh/lst/active?status=scheduled": ["upcoming", "planned", "later", "not started"],
  "/sh/lst/active?status=ended": ["closed", "finished", "expired", "unsold"],
  "/sh/perf": ["performance", "page speed", "load time", "slow", "web vitals"],
  "/sh/ovw#sales": ["sales", "sold", "revenue", "orders", "awaiting shipment", "to ship"],
  "/sh/team": ["staff", "users", "members", "invite", "invitation", "roles", "permissions", "employees"],
  "/sh/activity": ["audit", "log", "history", "who changed", "changes", "events"],
  "/sh/account/sessions": ["devices", "logged in", "log out", "sign out", "security", "browsers"],
  [DEFAULT_OPT_OUT_URL]: ["switch tools", "previous tool", "old tool", "opt out", "go back", "classic"],
};

/**
 * Every page the navigation offers, once, with the section it sits under, in the seller's
 * language; then the pages it does not list. A section's own link leads to its first item
 * ("Performance" to "Site speed"), which names the page better. The English words sellers type
 * stay findable in every language: many type them whatever their console's language.
 */
function searchablePages(text: Text): SearchablePage[] {
  const pages = new Map<string, SearchablePage>();
  const add = ({ label, url }: NavDefinition, section: string | null) => {
    if (!pages.has(url)) pages.set(url, { label: text(label), url, section, words: OTHER_WORDS[url] ?? [] });
  };
  for (const item of TOP_NAVIGATION) {
    for (const child of item.navItems ?? []) add(child, text(item.label));
    add(item, null);
  }
  add({ label: "nav.switchTools", url: DEFAULT_OPT_OUT_URL }, null);
  add({ label: "page.team", url: "/sh/team" }, null);
  add({ label: "page.activity", url: "/sh/activity" }, null);
  add({ label: "page.sessions", url: "/sh/account/sessions" }, null);
  return [...pages.values()];
}

/** Built once per language (each language's `Text` lives as long as the server). */
const pagesOfLanguage = new WeakMap<Text, SearchablePage[]>();

function pagesIn(text: Text): SearchablePage[] {
  let pages = pagesOfLanguage.get(text);
  if (!pages) {
    pages = searchablePages(text);
    pagesOfLanguage.set(text, pages);
  }
  return pages;
}

/** Folded as the title search folds, words apart: "Out-of-stock" and "out of stock" read alike. */
function words(text: string): string[] {
  return searchFold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether every typed word begins a word of these, in any order. */
function beginsWords(typed: string[], candidate: string[]): boolean {
  return typed.every((word) => candidate.some((other) => other.startsWith(word)));
}

/**
 * How well a page answers the typed words, lower is better, or null when it does not: the label
 * itself, then a label beginning with them, then the label's words, then the page's other words.
 */
function rank(page: SearchablePage, typed: string[]): number | null {
  const label = words(page.label);
  if (label.join(" ") === typed.join(" ")) return 0;
  if (label.join(" ").startsWith(typed.join(" "))) return 1;
  if (beginsWords(typed, label)) return 2;
  if (page.words.some((phrase) => beginsWords(typed, words(phrase)))) return 3;
  if (beginsWords(typed, [...label, ...words(page.section ?? ""), ...page.words.flatMap(words)])) return 4;
  return null;
}

/** The hub's pages and sections the text names, best first, in the navigation's order among equals. */
export function findHubPages(typedText: string, text: Text): HubPage[] {
  const typed = words(typedText);
  if (typed.length === 0) return [];
  return pagesIn(text)
    .map((page, order) => ({ page, order, rank: rank(page, typed) }))
    .filter((found): found is { page: SearchablePage; order: number; rank: number } => found.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ page: { label, url, section } }) => ({ label, url, section }));
}
