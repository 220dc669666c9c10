import { setNonce } from "get-nonce";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadPageCatalogue } from "./i18n/page-catalogue";
import { TextProvider } from "./i18n/text";

// The modal dialog's scroll lock adds a style element; it carries the page's nonce so the CSP admits it.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (nonce) setNonce(nonce);

// The page's language stays until the next document: choosing another one loads the page afresh.
// Its catalogue is preloaded with the page's scripts, so waiting for it rarely waits at all.
void loadPageCatalogue(document).then((languageText) =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TextProvider value={languageText}>
          <HydratedRouter />
        </TextProvider>
      </StrictMode>,
    );
  }),
);
