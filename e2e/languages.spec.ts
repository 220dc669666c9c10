import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, expectNoAccessibilityViolations, signIn, test, waitForHydration } from "./fixtures";
import { addOperatorMessage, removeMessage } from "./operator-messages";

/*
 * Sellers in their own language: their site's by default, their own choice from the header, the
 * sign-in page by the browser's. Each test changes only its own seller's language (the tests share
 * one database), and puts it back.
 */

/** Words of the hub's frame a seller reading another language must never meet. */
const ENGLISH_FRAME = ["Skip to main content", "Sign out", "Your store", "Sections", "Seller tools", "All listings"];

async function expectNoEnglishFrame(page: Page) {
  for (const words of ENGLISH_FRAME) await expect(page.getByText(words, { exact: true })).toHaveCount(0);
}

/** Chooses a language in the header as a keyboard user does: the disclosure, the select, then its button. */
async function chooseLanguageByKeyboard(page: Page, disclosure: string, label: string, language: string) {
  const preferences = page.getByRole("banner").getByText(disclosure, { exact: true }).filter({ visible: true });
  await preferences.focus();
  await page.keyboard.press("Enter");
  const choice = page.getByRole("banner").getByRole("combobox", { name: label });
  await choice.focus();
  await choice.selectOption(language);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

test("a seller on eBay Italy meets the hub in Italian, and can change it to German and back", async ({ page }) => {
  // A long journey: three whole documents (sign-in and two language changes) and a product summary.
  test.setTimeout(60_000);
  await signIn(page, "demo-it", DEMO.password);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
  await expect(page.getByRole("heading", { level: 1, name: "Riepilogo" })).toBeVisible();
  await expect(page).toHaveTitle("Riepilogo · Seller Hub");
  await expectNoEnglishFrame(page);

  await page.getByRole("navigation", { name: "Sezioni" }).getByRole("link", { name: "Tutte le inserzioni" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inserzioni" })).toBeVisible();
  await expect(page).toHaveURL(/\/sh\/lst\/active$/);

  await chooseLanguageByKeyboard(page, "Preferenze", "Lingua", "de-DE");
  // The same page, whole, in German.
  await expect(page).toHaveURL(/\/sh\/lst\/active$/);
  await expect(page.getByRole("heading", { level: 1, name: "Angebote" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Alle Angebote" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(
    page.getByRole("link", { name: "Ihr Shop (wird in einem neuen Fenster oder Tab geöffnet)" }),
  ).toBeVisible();
  await expectNoEnglishFrame(page);
  await expectNoAccessibilityViolations(page);

  // The listings with a filter, then a listing and its product summary, all in German.
  await waitForHydration(page);
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Beendet" });
  await expect(page).toHaveURL(/status=ended/);
  await expect(
    page.getByRole("status").filter({ hasText: /^1–\d+ von \d+ Angeboten werden angezeigt\.$/ }),
  ).toBeVisible();
  const rows = page.getByRole("table", { name: /^Ihre Angebote/ }).locator("tbody tr");
  await expect(rows.first().getByRole("cell").nth(3)).toHaveText("Beendet");
  await rows.first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Angebot" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Produktübersicht" })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await page
          .frame({ url: /\/sh\/prod-summary\?/ })
          ?.locator("main")
          .textContent()) ?? "",
      {
        timeout: 15_000,
      },
    )
    .toContain("Dieses Angebot");
  await expectNoEnglishFrame(page);

  await page.getByRole("link", { name: "Alle Angebote" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Angebote" })).toBeVisible();
  await waitForHydration(page);
  await chooseLanguageByKeyboard(page, "Einstellungen", "Sprache", "it-IT");
  await expect(page.getByRole("heading", { level: 1, name: "Inserzioni" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "fr-FR" });

  test("the sign-in page speaks the browser's language, and the language choice works", async ({ page }) => {
    await page.goto("/signin");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
    await expect(page.getByRole("heading", { level: 1, name: "Se connecter à Seller Hub" })).toBeVisible();
    await page.getByLabel("Pseudo").fill("demo-es");
    await page.getByLabel("Mot de passe").fill("wrong password");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Ce pseudo et ce mot de passe ne correspondent à aucun compte. Vérifiez-les et réessayez.",
    );
    await page.getByLabel("Mot de passe").fill(DEMO.password);
    await page.getByRole("button", { name: "Se connecter" }).click();

    // The seller's own language now: their site's, Spain's.
    await expect(page.getByRole("heading", { level: 1, name: "Resumen" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
    await page.getByRole("banner").getByText("Preferencias").filter({ visible: true }).click();
    await page.getByRole("banner").getByRole("combobox", { name: "Idioma" }).selectOption("en-GB");
    await page.getByRole("banner").getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
    // Money and numbers are written the way the page's language writes them, in the site's currency:
    // "€1,234.50" to a seller reading English, where Spanish wrote "1234,50 €".
    const firstPrice = (region: string) =>
      page.getByRole("region", { name: region }).getByRole("row").nth(1).getByRole("cell").nth(1);
    await expect(firstPrice("Table: recent listings")).toHaveText(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
    await page.getByRole("banner").getByText("Preferences").filter({ visible: true }).click();
    await page.getByRole("banner").getByRole("combobox", { name: "Language" }).selectOption("es-ES");
    await page.getByRole("banner").getByRole("button", { name: "Change language" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Resumen" })).toBeVisible();
    await expect(firstPrice("Tabla: anuncios recientes")).toHaveText(/^\d{1,3}(\.?\d{3})*,\d{2}\u00a0€$/);
  });
});

/**
 * A text of the pseudo right-to-left language as a seller's screen reader gets it: each run of
 * words set right to left, each value (a number, a price) isolated from them.
 */
function rtl(...parts: Array<string | number>): string {
  return parts.map((part) => (typeof part === "number" ? `\u2068${part}\u2069` : `\u202E${part}\u202C`)).join("");
}

/** A name that begins with `text`, whatever follows. */
function startsWith(text: string): RegExp {
  return new RegExp(`^${text.replaceAll(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

/** Whether a page, or a frame, reads right to left from its root, and has nothing to scroll sideways. */
async function expectMirrored(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/**
 * Follows a link whose page's data is held back, and measures which way the progress bar's light
 * moves on the screen meanwhile: its animation paused at a quarter and at half of its course, the
 * background's position read at each. The background is twice the bar's width, so as its position
 * falls the picture moves right, and as it rises, left (CSS Backgrounds 3, background-position).
 */
async function progressBarDrift(
  page: Page,
  link: Locator,
  heading: string,
): Promise<"rightward" | "leftward" | "none"> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    // The pointer's rest on the link fetched the same data ahead (prefetch on intent): the page may
    // have given that request up by now, and it needs no answer.
    await route.continue().catch(() => {});
  });
  await link.click();
  const bar = page.locator(".navigation-progress__bar");
  await expect(bar).toBeVisible();
  const [quarter, half] = await bar.evaluate((element) => {
    const [animation] = element.getAnimations();
    if (!animation) throw new Error("The progress bar does not move.");
    animation.pause();
    const duration = Number(animation.effect?.getComputedTiming().duration);
    return [0.25, 0.5].map((share) => {
      animation.currentTime = duration * share;
      return parseFloat(getComputedStyle(element).backgroundPositionX);
    });
  });
  release();
  await page.unroute(/\.data(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  // Unread or unmoved (NaN, equal) is neither way: the test must measure a motion to pass.
  return half! < quarter! ? "rightward" : half! > quarter! ? "leftward" : "none";
}

test.describe("the navigation's progress bar", () => {
  test("runs the way the page reads: rightward in English, leftward once the seller reads right to left", async ({
    page,
  }) => {
    // A seller of its own (e2e/repricing-sellers.ts): no other test sees their language change.
    await signIn(page, "repricer-rtl", DEMO.password);
    await waitForHydration(page);
    const siteSpeed = page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" });
    expect(await progressBarDrift(page, siteSpeed, "Site speed")).toBe("rightward");

    await chooseLanguageByKeyboard(page, "Preferences", "Language", "ar-XB");
    await expectMirrored(page);
    await waitForHydration(page);
    const rtlSections = page.getByRole("navigation", { name: rtl("Sections") });
    expect(
      await progressBarDrift(page, rtlSections.getByRole("link", { name: rtl("All listings") }), rtl("Listings")),
    ).toBe("leftward");
  });
});

test.describe("right to left, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the pseudo right-to-left language lays the hub out mirrored: overview, a filter, a listing and its summary, a price change", async ({
    page,
  }) => {
    // Five pages, each checked with every axe rule, on a phone.
    test.setTimeout(120_000);
    await signIn(page, "demo-uk", DEMO.password);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menu" }).tap();
    // On a phone the member, and their language, are in the menu.
    await page.getByText("Preferences").filter({ visible: true }).tap();
    await page.getByRole("combobox", { name: "Language" }).selectOption("ar-XB");
    await page.getByRole("button", { name: "Change language" }).tap();
    await expectMirrored(page);
    await waitForHydration(page);

    const menuButton = page.getByRole("button", { name: rtl("Menu") });
    const box = await menuButton.boundingBox();
    // Mirrored: the menu button sits at the left of the header, where in English it sits at the right.
    expect(box && box.x + box.width / 2).toBeLessThan(390 / 2);
    await expectNoAccessibilityViolations(page);

    await menuButton.tap();
    await page
      .getByRole("navigation", { name: rtl("Menu") })
      .getByRole("link", { name: rtl("All listings") })
      .tap();
    await expect(page.getByRole("heading", { level: 1, name: rtl("Listings") })).toBeVisible();
    await waitForHydration(page);

    // A dialog, rendered outside the page's content (a portal at the end of the body), reads right to left too.
    await page.getByRole("link", { name: rtl("Switch to the previous tool") }).tap();
    const dialog = page.getByRole("dialog", { name: rtl("Switch to the previous tool?") });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
    await expectNoAccessibilityViolations(page, { include: '[role="dialog"]' });
    await dialog.getByRole("button", { name: rtl("Cancel") }).tap();
    await expect(dialog).toHaveCount(0);

    // A filter, chosen by keyboard; the count's numbers read in their own order among the words.
    await page
      .getByRole("search", { name: rtl("Filter listings") })
      .getByText(rtl("Filters"), { exact: true })
      .tap();
    const status = page.getByRole("combobox", { name: rtl("Status") });
    await status.focus();
    await status.selectOption("active");
    await expect(page).toHaveURL(/status=active/);
    await expect(page.getByRole("status").filter({ hasText: rtl("Showing ", 1, "–", 20, " of ") })).toBeVisible();
    await expectMirrored(page);
    await expectNoAccessibilityViolations(page);

    // A listing, and its product summary in the frame, right to left as well.
    const rows = page.getByRole("table", { name: startsWith(rtl("Your listings (")) }).locator("tbody tr");
    await rows.first().getByRole("link").first().tap();
    await expect(page.getByRole("heading", { level: 1, name: rtl("Listing") })).toBeVisible();
    const summary = page.frameLocator('iframe[src*="/sh/prod-summary"]');
    await expect(summary.locator("html")).toHaveAttribute("dir", "rtl", { timeout: 15_000 });
    await expect(summary.locator("main")).toContainText(rtl("This listing"), { timeout: 15_000 });
    await expectMirrored(page);
    await expectNoAccessibilityViolations(page);

    // A bulk price change up to its preview, the listing ticked by keyboard, then cancelled.
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: rtl("Listings") })).toBeVisible();
    await waitForHydration(page);
    const tick = rows.first().getByRole("checkbox");
    await tick.focus();
    await page.keyboard.press("Space");
    const bar = page.getByRole("region", { name: rtl("Change prices or quantities in bulk") });
    await expect(bar.locator("output")).toHaveText(rtl("1 listing selected."));
    await bar.getByRole("link", { name: rtl("Change prices or quantities") }).tap();
    await expect(
      page.getByRole("heading", { level: 2, name: rtl("Change the prices or quantities of ", "1 listing") }),
    ).toBeVisible();
    await page.getByRole("radio", { name: rtl("Raise by a percentage") }).tap();
    await page.getByLabel(rtl("Percentage to add", " (%)")).fill("2.5");
    await page.getByRole("button", { name: rtl("Preview the change") }).tap();
    await expect(page.getByRole("heading", { level: 2, name: startsWith(rtl("Preview")) })).toBeVisible();
    await expectMirrored(page);
    await expectNoAccessibilityViolations(page);
    await page.getByRole("button", { name: rtl("Cancel") }).tap();
    await expect(page.getByRole("heading", { level: 1, name: rtl("Listings") })).toBeVisible();

    await page.getByRole("button", { name: rtl("Menu") }).tap();
    await page.getByText(rtl("Preferences")).filter({ visible: true }).tap();
    await page.getByRole("combobox", { name: rtl("Language") }).selectOption("en-GB");
    await page.getByRole("button", { name: rtl("Change language") }).tap();
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });
});

test.describe("a bulk price change in German, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("ticks, chooses and previews in German, with German numbers, then cancels", async ({ page }) => {
    await signIn(page, "demo-de", DEMO.password);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menü" }).tap();
    await page.getByRole("navigation", { name: "Menü" }).getByRole("link", { name: "Alle Angebote" }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Angebote" })).toBeVisible();
    const bar = page.getByRole("region", { name: "Preise oder Mengen gesammelt ändern" });
    await expect(bar.locator("output")).toHaveText("Keine Angebote ausgewählt.");
    const table = page.getByRole("table", { name: /^Ihre Angebote/ });
    await table.getByRole("row").nth(1).getByRole("checkbox").tap();
    await expect(bar.locator("output")).toHaveText("1 Angebot ausgewählt.");

    await bar.getByRole("link", { name: "Preise oder Mengen ändern" }).tap();
    await expect(
      page.getByRole("heading", { level: 2, name: "Preise oder Mengen von 1 Angebot ändern" }),
    ).toBeVisible();
    await page.getByRole("radio", { name: "Um einen Prozentsatz erhöhen" }).tap();
    await page.getByLabel("Prozentualer Aufschlag (%)").fill("2,5");
    await page.getByRole("button", { name: "Vorschau der Änderung" }).tap();
    await expect(page.getByRole("heading", { level: 2, name: /^Vorschau: Erhöhung um 2,50\s%$/ })).toBeVisible();
    await expect(page.getByRole("table", { name: "Angebote dieser Änderung" })).toContainText(
      /Wird geändert|Nicht geändert: /,
    );
    await expectNoEnglishFrame(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAccessibilityViolations(page);

    const preview = page.url();
    await page.getByRole("button", { name: "Abbrechen" }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Angebote" })).toBeVisible();

    // The cancelled preview's address, kept in the history: the refusal says why, in German too.
    await page.goBack();
    await expect(page).toHaveURL(preview);
    await expect(
      page.getByText(/^Diese Preisänderung gibt es nicht: Eine Vorschau wird 24 Stunden aufbewahrt/),
    ).toBeVisible();
  });
});

test("an operator's message written in several languages reaches a seller on eBay France in French", async ({
  page,
}) => {
  const id = addOperatorMessage("Holiday shipping deadlines", {
    seller: "demo-fr",
    translations: { "fr-FR": "Dates limites d'expédition des fêtes", "de-DE": "Versandfristen zu den Feiertagen" },
  });
  try {
    await signIn(page, "demo-fr", DEMO.password);
    const messages = page.getByRole("region", { name: "Messages" });
    await expect(messages.getByRole("heading", { name: "Dates limites d'expédition des fêtes" })).toBeVisible();
    await expect(page.getByText("Holiday shipping deadlines")).toHaveCount(0);
  } finally {
    removeMessage(id);
  }
});
