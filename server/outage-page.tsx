import { renderToStaticMarkup } from "react-dom/server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { languageOfVisitor } from "~/i18n/language.server";
import { SOURCE_LANGUAGE, type Language } from "~/i18n/languages";
import { splitTags } from "~/i18n/rich-text";

/**
 * The plain page every address answers while the database cannot be reached: what is wrong and
 * when to try again, with no script and nothing that needs the database. It speaks the browser's
 * language (a member's own choice is in the database), and follows the system's light or dark
 * scheme, as the hub's pages do before a member chooses.
 */
export function outagePage(request: Request): string {
  try {
    return outagePageIn(languageOfVisitor(request), request);
  } catch (error) {
    // A language's catalogue is compiled on its first use: should that fail while the database is
    // away, the page still says what is wrong, in English, rather than the server's bare error.
    console.error("The outage page failed in the browser's language", error);
    return outagePageIn(SOURCE_LANGUAGE, request);
  }
}

function outagePageIn(language: Language, request: Request): string {
  const { dir, text } = textOfLanguage(language);
  // Never "//host/…", which a browser reads as another site's address.
  const { pathname, search } = new URL(request.url);
  const self = `${pathname.replace(/^\/+/, "/")}${search}`;
  return `<!doctype html>${renderToStaticMarkup(
    <html lang={language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{text("pageTitle", { page: text("errorPage.title.unavailable") })}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <main>
          <h1>{text("outage.heading")}</h1>
          <p>{text("outage.text")}</p>
          <p>
            {splitTags(text("outage.retry"), ["reload"]).map(({ text: words, tag }) =>
              // This page's own address: the link loads it again.
              tag ? (
                <a key={tag} href={self}>
                  {words}
                </a>
              ) : (
                words
              ),
            )}
          </p>
        </main>
      </body>
    </html>,
  )}`;
}
