import { createContext, useContext, useMemo, type ReactNode } from "react";
import { CATALOGUE_ELEMENT_ID, type LanguageText, type Text } from "./language-text";

export type { LanguageText, MessageKey, MessageValues, Text } from "./language-text";

const TextContext = createContext<LanguageText | null>(null);

/**
 * What a component rendered outside any TextProvider speaks: set by the component tests' setup
 * only. Kept on the global object, so a test that imports a component afresh (`vi.resetModules`,
 * HeaderSearch.slow-load.test.tsx) still finds it.
 */
const FALLBACK = Symbol.for("seller-hub.text-fallback");

export function setTextFallback(value: LanguageText | null): void {
  (globalThis as { [FALLBACK]?: LanguageText | null })[FALLBACK] = value;
}

/** Gives the page its language: the server's for the request, the browser's from the page (entry.client.tsx). */
export function TextProvider({ value, children }: { value: LanguageText; children: ReactNode }) {
  return <TextContext value={value}>{children}</TextContext>;
}

/** The active language, its direction and its texts. */
export function useLanguageText(): LanguageText {
  const value = useContext(TextContext) ?? (globalThis as { [FALLBACK]?: LanguageText | null })[FALLBACK];
  if (!value) throw new Error("useLanguageText: no TextProvider above this component");
  return value;
}

/** The function that formats the active language's messages: `const text = useText(); text("shell.signOut")`. */
export function useText(): Text {
  return useLanguageText().text;
}

/**
 * The active language's compiled messages as JSON in the page, read by the browser before it
 * hydrates (entry.client.tsx): the only catalogue a page sends, with no request of its own and
 * nothing to wait for. `<` is escaped so no message can end the element.
 */
export function CatalogueScript({ nonce }: { nonce: string | undefined }) {
  const { language, catalogue } = useLanguageText();
  // The root renders again on every in-app navigation; the catalogue (52 kB of JSON in English)
  // is serialised once per language, not each time (2.8 ms of a click's script, sampled in a
  // Chromium profile of overview → listings). React compares the string before writing it.
  const html = useMemo(() => ({ __html: JSON.stringify(catalogue).replaceAll("<", "\\u003c") }), [catalogue]);
  return (
    <script
      // Data, never run; the nonce keeps the page's rule simple: every script element carries it.
      nonce={nonce}
      type="application/json"
      id={CATALOGUE_ELEMENT_ID}
      data-language={language}
      // oxlint-disable-next-line react/no-danger -- JSON, with every "<" escaped
      dangerouslySetInnerHTML={html}
    />
  );
}
