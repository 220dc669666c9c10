import { createContext, useContext, type ReactNode } from "react";
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
 * Names the active language's catalogue for the browser and starts loading it with the page's
 * other scripts: entry.client.tsx reads it before it hydrates (`loadPageCatalogue`). In the
 * head, so the browser asks for it as soon as it has read that far.
 */
export function CataloguePreload({ nonce }: { nonce: string | undefined }) {
  const { language, catalogueUrl } = useLanguageText();
  return (
    <link rel="modulepreload" href={catalogueUrl} id={CATALOGUE_ELEMENT_ID} data-language={language} nonce={nonce} />
  );
}
