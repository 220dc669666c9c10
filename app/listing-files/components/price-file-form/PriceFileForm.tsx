import { useEffect, useId, useRef } from "react";
import { Form } from "react-router";
import { useText } from "~/i18n/text";
import type { FileImport } from "../../listing-import.server";
import { useSending } from "~/components/use-sending";

/** What the file picker offers: CSV files, and the tab-separated ones a spreadsheet saves as .txt or .tsv. */
const FILE_TYPES = ".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain";

export interface PriceFileFormProps {
  /** The session's anti-forgery token. */
  srt: string;
  /** What the last file sent came to, when it did not lead to a preview. */
  result?: Exclude<FileImport, { outcome: "previewed" }>;
  /** The most rows a file brings (MAX_FILE_ROWS). */
  maxRows: number;
}

/**
 * After a file is refused, or changes nothing, its outcome takes focus: it is where the page
 * changed, and a screen-reader user hears its heading and reasons (WCAG 3.3.1). Each outcome is a
 * new object, so a second file sent moves focus again. Without JavaScript the page is new, and the
 * outcome is its first content.
 */
function useFocusOnOutcome(result: PriceFileFormProps["result"]) {
  const outcome = useRef<HTMLElement>(null);
  useEffect(() => {
    if (result) outcome.current?.focus();
  }, [result]);
  return outcome;
}

/**
 * A listings file chosen and sent for checking. Nothing changes on sending: a file that can be
 * taken leads to the preview of its prices, where the seller applies them; one that cannot is
 * refused with every reason found, each with its row.
 */
export function PriceFileForm({ srt, result, maxRows }: PriceFileFormProps) {
  const id = useId();
  const text = useText();
  const outcome = useFocusOnOutcome(result);
  const checking = useSending();
  return (
    <>
      {result && (
        <section ref={outcome} tabIndex={-1} className="price-file__outcome" aria-labelledby={`${id}-outcome`}>
          {result.outcome === "refused" ? (
            <>
              <h3 id={`${id}-outcome`}>{text("listingFiles.import.refusedTitle")}</h3>
              <p className="form-error">{result.reason}</p>
              {result.problems.length > 0 && (
                // The list scrolls past 24 rem: a region a keyboard can reach to scroll it (WCAG
                // 2.1.1; Safari does not make a scrolling box focusable by itself; an audit of 2026-11-29).
                <section
                  className="price-file__problems"
                  aria-label={text("listingFiles.import.problemRows")}
                  // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is operated by keyboard: see above
                  tabIndex={0}
                >
                  <ul>
                    {result.problems.map(({ row, reason }) => (
                      <li key={row}>{text("listingFiles.import.rowProblem", { row: String(row), reason })}</li>
                    ))}
                  </ul>
                </section>
              )}
              {result.moreProblems > 0 && (
                <p>{text("listingFiles.import.moreProblems", { count: result.moreProblems })}</p>
              )}
              <p>{text("listingFiles.import.nothingWritten")}</p>
            </>
          ) : (
            <p id={`${id}-outcome`}>{text("listingFiles.import.nothing")}</p>
          )}
        </section>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        className="price-file__form"
        onSubmit={(event) => checking && event.preventDefault()}
      >
        <input type="hidden" name="srt" value={srt} />
        <div className="price-change__field">
          <label htmlFor={`${id}-file`}>{text("listingFiles.import.fileLabel")}</label>
          <input id={`${id}-file`} type="file" name="file" accept={FILE_TYPES} aria-describedby={`${id}-rules`} />
          <p id={`${id}-rules`} className="price-change__hint">
            {text("listingFiles.import.rules", { max: maxRows })}
          </p>
        </div>
        {/* aria-disabled, not disabled: a disabled button loses focus to the page's body. */}
        <button type="submit" className="button button--primary" aria-disabled={checking || undefined}>
          {checking ? text("listingFiles.import.checking") : text("listingFiles.import.check")}
        </button>
      </Form>
    </>
  );
}
