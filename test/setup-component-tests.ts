import "@testing-library/jest-dom/vitest";
import { format } from "node:util";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { setTextFallback } from "~/i18n/text";

// Components under test speak the source language unless a test gives them a TextProvider.
setTextFallback(textOfLanguage("en-US"));

/**
 * What React reports through console.error (a list without keys, a bad prop, an update after
 * unmount) fails the test that caused it. Passing tests once hid a missing key on the site-speed
 * pages table that the browser's console showed on every load.
 */
let errors: string[] = [];

/** jsdom does not know the `<search>` element (HTML's, 2023), which Chromium renders; React asks. */
const JSDOM_GAPS = [/The tag <search> is unrecognized in this browser/];

beforeEach(() => {
  errors = [];
  const log = console.error;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const message = format(...args);
    if (!JSDOM_GAPS.some((gap) => gap.test(message))) errors.push(message);
    log(...args);
  });
});

afterEach(() => {
  if (typeof document !== "undefined") cleanup();
  if (errors.length > 0) throw new Error(`console.error during the test:\n${errors.join("\n")}`);
});
