import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DARK_VIEWER } from "./own-accounts";
import { REPRICERS } from "./repricing-sellers";
import {
  canvasOf,
  DEMO,
  emulateSlowNetwork,
  expect,
  expectNoAccessibilityViolations,
  luminance,
  pricesOf,
  scrollsNoWider,
  signIn,
  tabTo,
  test,
  waitForHydration,
} from "./fixtures";

/*
 * The demo account's team (decision 086): demo-manager and demo-viewer work on the demo seller's
 * listings. Each sees only what their role can use, and a request for the rest, crafted or typed
 * into the address bar, is refused with the reason and changes nothing.
 */

/** The session's anti-forgery token, as the page's own forms carry it. */
const sessionToken = (page: Page) => page.locator('input[name="srt"]').first().inputValue();

async function openFirstListing(page: Page): Promise<string> {
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
  const first = page.getByRole("table").getByRole("row").nth(1).getByRole("link").first();
  const title = (await first.textContent()) ?? "";
  await first.click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

test.describe("a viewer of the demo account", () => {
  test("reads the listings and changes nothing: no form to change them, a crafted change refused with the reason", async ({
    page,
  }) => {
    await emulateSlowNetwork(page);
    await signIn(page, "demo-viewer");
    await waitForHydration(page);
    await expect(page.getByRole("complementary", { name: "Seller tools" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Switch to the previous tool" })).toHaveCount(0);

    const listingPath = await openFirstListing(page);
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Change the price or quantity" })).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Import prices and quantities from a file" })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    const before = pricesOf("demo");
    const crafted = await page.request.post(listingPath, {
      form: { srt: await sessionToken(page), price: "1.00", quantity: "0" },
    });
    expect(crafted.status()).toBe(403);
    expect(await crafted.text()).toContain(
      "As a viewer of this account, you cannot change its prices or quantities. The account’s owner can change your role.",
    );
    expect(pricesOf("demo")).toEqual(before);
  });

  test("asking for a page of a manager is a readable refusal inside the hub, in the viewer's own language", async ({
    page,
  }) => {
    await signIn(page, "demo-viewer");
    const response = await page.goto("/sh/lst/import");
    expect(response?.status()).toBe(403);
    const refused = async () => {
      await expect(page.getByRole("heading", { level: 1, name: "This action is not allowed" })).toBeVisible();
      await expect(
        page
          .getByRole("main")
          .getByText("As a viewer of this account, you cannot bring in prices or quantities from a file."),
      ).toBeVisible();
      await expect(page).toHaveTitle("This action is not allowed · Seller Hub");
      // The hub stays around the refusal, as around a page that is not found: who is signed in,
      // and the navigation to go on from here.
      await expect(page.getByRole("banner")).toContainText("Alex Kim for Jordan Lee");
      await expect(page.getByRole("navigation", { name: "Sections" })).toBeVisible();
    };
    await refused();
    await expectNoAccessibilityViolations(page);
    await waitForHydration(page);

    // The same refusal when the page is reached inside the hub (Back, here), on a slow network.
    await emulateSlowNetwork(page);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await page.goBack();
    await refused();
    // The page that had the focus is gone: the focus is on the reason, not lost to the document.
    await expect(page.getByRole("main")).toBeFocused();
    await page.getByRole("main").getByRole("link", { name: "Go to the overview" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page).toHaveURL(/\/sh\/ovw$/);
  });
});

test.describe("a viewer who chose dark, on a light phone 320 px wide, by keyboard alone", () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true, colorScheme: "light" });

  test("is refused a page of a manager inside the hub, dark as they chose and fitting the screen; Back to it puts the focus on the reason, the way on next", async ({
    page,
  }) => {
    await signIn(page, DARK_VIEWER.username);
    expect((await page.goto("/sh/lst/import"))?.status()).toBe(403);
    const refusal = page.getByRole("heading", { level: 1, name: "This action is not allowed" });
    const refused = async () => {
      await expect(refusal).toBeVisible();
      await expect(page.getByRole("main")).toContainText(
        "As a viewer of this account, you cannot bring in prices or quantities from a file.",
      );
      await expect(page.getByRole("banner")).toContainText(`${DARK_VIEWER.name} for ${DARK_VIEWER.owner}`);
      // Dark by the member's own choice on a light system: taken from the refusal's shell, as on every page.
      await expect(page.locator("html")).toHaveAttribute("data-appearance", "dark");
      expect(luminance(await canvasOf(page))).toBeLessThan(0.02);
      expect(await scrollsNoWider(page)).toBe(true);
    };
    await refused();
    await expectNoAccessibilityViolations(page);
    await waitForHydration(page);

    const wayOn = page.getByRole("main").getByRole("link", { name: "Go to the overview" });
    await tabTo(page, wayOn);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-appearance", "dark");

    // Back: the overview's link had the focus, and it is gone with the page.
    await page.goBack();
    await refused();
    await expect(page.getByRole("main")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(wayOn).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  });
});

test.describe("a viewer without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is refused a page of a manager inside the hub, its navigation working", async ({ page }) => {
    await signIn(page, "demo-viewer");
    expect((await page.goto("/sh/lst/import"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "This action is not allowed" })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText("Alex Kim for Jordan Lee");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
  });

  test("sees a listing with no form to change it", async ({ page }) => {
    await signIn(page, "demo-viewer");
    await openFirstListing(page);
    await expect(page.getByRole("heading", { name: "Change the price or quantity" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Price and quantity history" })).toBeVisible();
  });
});

test.describe("a manager of the demo account", () => {
  test("runs the listings but not the account: the bulk tools and the import are there, switching tools is not", async ({
    page,
  }) => {
    await signIn(page, "demo-manager");
    await waitForHydration(page);
    await openFirstListing(page);
    await expect(page.getByRole("heading", { level: 3, name: "Change the price or quantity" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("checkbox").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Import prices and quantities from a file" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Switch to the previous tool" })).toHaveCount(0);

    const response = await page.goto("/sh/optout");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("As a manager of this account, you cannot switch its listings tool.")).toBeVisible();
  });
});

/** A username of this run's own: a retried test must not meet the one its first try invited. */
const newUsername = (stem: string) => `${stem}-${Math.random().toString(36).slice(2, 8)}`;

/** The owner's team page, reached from the header as an owner reaches it. */
async function openTeam(page: Page): Promise<void> {
  await page.getByRole("banner").getByRole("link", { name: "Team", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
}

/** The invitee's side of the invitation page: their name and a password, twice, then Join. */
async function joinTeam(invitee: Page, name: string, password: string): Promise<void> {
  await invitee.getByLabel("Your name").fill(name);
  await invitee.getByLabel("Choose a password").fill(password);
  await invitee.getByLabel("Type the password again").fill(password);
  await invitee.getByRole("button", { name: "Join the team" }).click();
  await expect(invitee).toHaveURL(/\/sh\/ovw$/);
}

/** Invites by the keyboard alone and returns the link the page shows once. */
async function inviteByKeyboard(page: Page, username: string, role: "Manager" | "Viewer"): Promise<string> {
  const field = page.getByRole("textbox", { name: "Their username" });
  await tabTo(page, field);
  await page.keyboard.type(username);
  await page.keyboard.press("Tab");
  // The radio group: Viewer is chosen first; an arrow key moves the choice (and would wrap past Viewer).
  if (role === "Manager") await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("radio", { name: new RegExp(`^${role}`) })).toBeChecked();
  await page.keyboard.press("Enter");
  const link = page.getByRole("textbox", { name: `Invitation link for ${username}` });
  await expect(link).toBeFocused();
  return link.inputValue();
}

test.describe("the demo account's owner and their team", () => {
  test("invites a manager, who joins by the link and works; a new role counts at their next page; removed, they are signed out", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await emulateSlowNetwork(page);
    await signIn(page);
    await waitForHydration(page);
    await openTeam(page);
    const username = newUsername("zoë");
    const link = await inviteByKeyboard(page, username, "Manager");
    expect(link).toMatch(/\/invitation\/[\w-]{43}$/);
    await expect(page.getByRole("region", { name: "Invitations not yet used" })).toContainText(username);
    await expectNoAccessibilityViolations(page);

    const invitee = await (await browser.newContext()).newPage();
    await emulateSlowNetwork(invitee);
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { level: 1, name: "Join Jordan Lee on Seller Hub" })).toBeVisible();
    await expect(invitee.getByText(`You will sign in as ${username}.`)).toBeVisible();
    await expectNoAccessibilityViolations(invitee);
    await invitee.getByLabel("Your name").fill("Zoë Ñúñez");
    await invitee.getByLabel("Choose a password").fill("süper-sécret-1");
    await invitee.getByLabel("Type the password again").fill("süper-sécret-2");
    await invitee.getByRole("button", { name: "Join the team" }).click();
    await expect(invitee.getByRole("alert")).toHaveText("The two passwords differ. Type the same password twice.");
    // Both passwords are the error's fields, the name is not, and the focus is back in the first.
    for (const field of ["Choose a password", "Type the password again"]) {
      await expect(invitee.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
      await expect(invitee.getByLabel(field)).toHaveAccessibleDescription(/The two passwords differ/);
    }
    await expect(invitee.getByLabel("Your name")).not.toHaveAccessibleDescription(/The two passwords differ/);
    await expect(invitee.getByLabel("Choose a password")).toBeFocused();
    await invitee.getByLabel("Choose a password").fill("süper-sécret-1");
    await invitee.getByLabel("Type the password again").fill("süper-sécret-1");
    await invitee.getByRole("button", { name: "Join the team" }).click();
    await expect(invitee).toHaveURL(/\/sh\/ovw$/);
    await expect(invitee.getByRole("banner")).toContainText("Zoë Ñúñez for Jordan Lee");
    await waitForHydration(invitee);
    await invitee.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await expect(invitee.getByRole("link", { name: "Import prices and quantities from a file" })).toBeVisible();
    expect((await invitee.request.get("/sh/team")).status()).toBe(403);

    // The owner makes them a viewer: their next page has no ticks.
    await openTeam(page);
    const row = page.getByRole("row", { name: /Zoë Ñúñez/ });
    await row.getByRole("combobox", { name: "Role of Zoë Ñúñez" }).selectOption("viewer");
    await row.getByRole("button", { name: "Change role Zoë Ñúñez" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Zoë Ñúñez is now a viewer" })).toBeVisible();
    // Their next request is a viewer's: ticking listings for a change is refused at once ...
    const tick = await invitee.request.post("/sh/lst/active", {
      form: { srt: await sessionToken(invitee), intent: "all" },
    });
    expect(tick.status()).toBe(403);
    // ... and their next page has no ticks. (A page the browser fetched ahead on intent in the last
    // 5 s may still show them, decision 061; so the page is loaded afresh rather than by a link.)
    await invitee.reload();
    await expect(invitee.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expect(invitee.getByRole("checkbox")).toHaveCount(0);

    // Removed: asked first (Keep leads back to where it was asked), then gone, and signed out at their next click.
    const removeLink = page.getByRole("row", { name: /Zoë Ñúñez/ }).getByRole("link", { name: "Remove Zoë Ñúñez" });
    await removeLink.click();
    const question = page.getByRole("heading", { name: "Remove Zoë Ñúñez from the team?" });
    await expect(question).toBeFocused();
    await page.getByRole("link", { name: "Keep Zoë Ñúñez" }).click();
    await expect(question).toHaveCount(0);
    await expect(removeLink).toBeFocused();
    await removeLink.click();
    await expect(question).toBeFocused();
    await expectNoAccessibilityViolations(page);
    await page.getByRole("button", { name: "Remove Zoë Ñúñez" }).click();
    // The question and its button are gone: the focus is on what was done, not lost to the page.
    await expect(page.getByRole("status").filter({ hasText: "Zoë Ñúñez is no longer on the team" })).toBeFocused();
    await expect(page.getByRole("row", { name: /Zoë Ñúñez/ })).toHaveCount(0);
    await invitee.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await expect(invitee.getByRole("heading", { level: 1, name: "Sign in to Seller Hub" })).toBeVisible();
    // The link was used once: it works no more.
    const again = await invitee.goto(link);
    expect(again?.status()).toBe(404);
    await expect(invitee.getByRole("heading", { level: 1, name: "This invitation link does not work" })).toBeVisible();

    // Invited back under the same username (it is theirs: no other account can have it), they join
    // again with a new password, and are removed once more so that the demo's team stays as it was.
    await page.reload();
    await waitForHydration(page);
    const linkBack = await inviteByKeyboard(page, username, "Viewer");
    await invitee.goto(linkBack);
    await expect(invitee.getByText(`You will sign in as ${username}.`)).toBeVisible();
    await joinTeam(invitee, "Zoë Ñúñez-Díaz", "nöuveau-sécret-2");
    await expect(invitee.getByRole("banner")).toContainText("Zoë Ñúñez-Díaz for Jordan Lee");
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Remove Zoë Ñúñez-Díaz" }).click();
    await page.getByRole("button", { name: "Remove Zoë Ñúñez-Díaz" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Zoë Ñúñez-Díaz is no longer on the team" })).toBeFocused();
    await invitee.context().close();
  });
});

test.describe("handing the account over", () => {
  test("the owner makes a manager the owner, asked first, and becomes a manager; the new owner runs the team and hands it back", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // An account of its own (e2e/repricing-sellers.ts): no other test sees its team change hands.
    const owner = "repricer-handover";
    const ownerName = `Repricer ${REPRICERS.indexOf(owner) + 1}`;
    await emulateSlowNetwork(page);
    await signIn(page, owner);
    await waitForHydration(page);
    await openTeam(page);
    const username = newUsername("ngozi");
    const link = await inviteByKeyboard(page, username, "Manager");
    const heir = await (await browser.newContext()).newPage();
    await emulateSlowNetwork(heir);
    await heir.goto(link);
    await joinTeam(heir, "Ngozi Ọkọnkwọ", "ọ̀rọ̀-àṣírí-1");
    await expect(heir.getByRole("banner").getByRole("link", { name: "Team", exact: true })).toHaveCount(0);

    // Asked first: Stay leads back to the link that asked, and nothing changes.
    await page.reload();
    await waitForHydration(page);
    // A second tab on the team page, opened while the account is still theirs.
    const staleTab = await page.context().newPage();
    await emulateSlowNetwork(staleTab);
    await staleTab.goto("/sh/team");
    await waitForHydration(staleTab);
    const handOver = page
      .getByRole("row", { name: /Ngozi Ọkọnkwọ/ })
      .getByRole("link", { name: "Make owner Ngozi Ọkọnkwọ" });
    await handOver.click();
    const question = page.getByRole("heading", { name: "Make Ngozi Ọkọnkwọ the account’s owner?" });
    await expect(question).toBeFocused();
    await expect(page.getByText("You will become a manager.")).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole("link", { name: "Stay the owner" }).click();
    await expect(question).toHaveCount(0);
    await expect(handOver).toBeFocused();
    await handOver.click();
    // The owner's password, not their session alone: a wrong one changes nothing and leaves the question open.
    const password = page.getByLabel("Your password, to confirm");
    await password.fill("not-my-password");
    await page.getByRole("button", { name: "Make Ngozi Ọkọnkwọ the owner" }).click();
    await expect(page.getByRole("alert")).toHaveText("That is not your password. The account is still yours.");
    await expect(question).toBeVisible();
    // The field's own error: marked, described by the alert, and the focus back in it.
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(/That is not your password\. The account is still yours\.$/);
    await expect(password).toBeFocused();
    await password.fill(DEMO.password);
    await page.getByRole("button", { name: "Make Ngozi Ọkọnkwọ the owner" }).click();

    // The former owner is a manager from this page on: the overview, with no way to the team.
    await expect(page).toHaveURL(/\/sh\/ovw$/);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Team", exact: true })).toHaveCount(0);
    expect((await page.request.get("/sh/team")).status()).toBe(403);

    // The tab opened before has a team page that is no longer theirs: its next change is refused
    // inside the hub, with the reason, and the focus on it since the button that had it is gone.
    await staleTab.bringToFront();
    const staleRow = staleTab.getByRole("row", { name: /Ngozi Ọkọnkwọ/ });
    await staleRow.getByRole("combobox", { name: "Role of Ngozi Ọkọnkwọ" }).selectOption("viewer");
    await staleRow.getByRole("button", { name: "Change role Ngozi Ọkọnkwọ" }).click();
    await expect(staleTab.getByRole("heading", { level: 1, name: "This action is not allowed" })).toBeVisible();
    await expect(staleTab.getByRole("main")).toContainText("As a manager of this account, you cannot manage its team.");
    await expect(staleTab.getByRole("main")).toBeFocused();
    await expect(staleTab.getByRole("navigation", { name: "Sections" })).toBeVisible();
    await expectNoAccessibilityViolations(staleTab);
    await staleTab.getByRole("main").getByRole("link", { name: "Go to the overview" }).click();
    await expect(staleTab.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await staleTab.close();
    await page.bringToFront();

    // The new owner's next page has the team, and the header names the account they run.
    await heir.reload();
    await waitForHydration(heir);
    await expect(heir.getByRole("banner")).toContainText(`Ngozi Ọkọnkwọ for ${ownerName}`);
    await waitForHydration(heir);
    await openTeam(heir);
    const former = heir.getByRole("row", { name: new RegExp(ownerName) });
    await expect(former.getByRole("combobox", { name: `Role of ${ownerName}` })).toHaveValue("manager");
    await heir.getByRole("link", { name: "See what the team did: the activity log" }).click();
    await expect(heir.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    await expect(heir.getByRole("table")).toContainText(`Made Ngozi Ọkọnkwọ (${username}) the owner`);
    await expectNoAccessibilityViolations(heir);

    // And back: the account's first owner is its owner again, and the team is theirs.
    await openTeam(heir);
    await heir.getByRole("link", { name: `Make owner ${ownerName}` }).click();
    await heir.getByLabel("Your password, to confirm").fill("ọ̀rọ̀-àṣírí-1");
    await heir.getByRole("button", { name: `Make ${ownerName} the owner` }).click();
    await expect(heir).toHaveURL(/\/sh\/ovw$/);
    await page.reload();
    await waitForHydration(page);
    await openTeam(page);
    await expect(
      page.getByRole("row", { name: /Ngozi Ọkọnkwọ/ }).getByRole("combobox", { name: "Role of Ngozi Ọkọnkwọ" }),
    ).toHaveValue("manager");
    await heir.context().close();
  });
});

test.describe("a member whose name is written right to left", () => {
  test("is set apart in every sentence the team page says of them, so the words after the name stay in order", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await signIn(page);
    await waitForHydration(page);
    await openTeam(page);
    const link = await inviteByKeyboard(page, newUsername("sara"), "Viewer");
    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    // Ends in a digit: unset apart, "2" and the words after it would join the Arabic run.
    const name = "سارة 2";
    await joinTeam(invitee, name, "حارس-سر-قوي-1");
    await invitee.context().close();

    /** The parts of a sentence laid out in their own direction: the name, and only it. */
    const setApart = (element: ReturnType<Page["getByRole"]>) =>
      element.evaluate((node) => [...node.querySelectorAll("bdi")].map((bdi) => bdi.textContent));

    await openTeam(page);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await row.getByRole("combobox", { name: `Role of ${name}` }).selectOption("manager");
    await row.getByRole("button", { name: `Change role ${name}` }).click();
    const done = page.getByRole("status").filter({ hasText: `${name} is now a manager` });
    await expect(done).toBeVisible();
    expect(await setApart(done)).toEqual([name]);

    await row.getByRole("link", { name: `Remove ${name}` }).click();
    const question = page.getByRole("heading", { name: `Remove ${name} from the team?` });
    await expect(question).toBeFocused();
    expect(await setApart(question)).toEqual([name]);
    const remove = page.getByRole("button", { name: `Remove ${name}` });
    expect(await setApart(remove)).toEqual([name]);
    await remove.click();
    const removed = page.getByRole("status").filter({ hasText: `${name} is no longer on the team` });
    await expect(removed).toBeFocused();
    expect(await setApart(removed)).toEqual([name]);
    await expectNoAccessibilityViolations(page);
  });
});

test.describe("by the keyboard alone", () => {
  test("the owner makes a member a manager and removes them, the focus always where the next key is needed", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await waitForHydration(page);
    // Slow from here: each key's effect must wait for the page, never race it.
    await emulateSlowNetwork(page);
    const teamLink = page.getByRole("banner").getByRole("link", { name: "Team", exact: true });
    await tabTo(page, teamLink);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    const username = newUsername("kbd");
    const link = await inviteByKeyboard(page, username, "Viewer");

    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await joinTeam(invitee, "Ōsaka Kübler", "keyboard-only-1");

    // The owner comes back to the team by the header's link, and finds the new member there.
    await tabTo(page, teamLink);
    await page.keyboard.press("Enter");
    const role = page.getByRole("combobox", { name: "Role of Ōsaka Kübler" });
    await expect(role).toHaveValue("viewer");
    await tabTo(page, role);
    await page.keyboard.press("ArrowUp");
    await expect(role).toHaveValue("manager");
    await page.keyboard.press("Tab");
    const change = page.getByRole("button", { name: "Change role Ōsaka Kübler" });
    await expect(change).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Ōsaka Kübler is now a manager" })).toBeVisible();
    // The role's form stays, and so does the focus: the next Tab goes on from where the owner was.
    await expect(change).toBeFocused();
    await expect(role).toHaveValue("manager");
    await invitee.reload();
    await expect(invitee.getByRole("banner")).toContainText("Ōsaka Kübler for Jordan Lee");
    await invitee.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await expect(invitee.getByRole("link", { name: "Import prices and quantities from a file" })).toBeVisible();

    // Removed by the keyboard: the question takes the focus, its button is the next Tab away.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Remove Ōsaka Kübler" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Remove Ōsaka Kübler from the team?" })).toBeFocused();
    await tabTo(page, page.getByRole("button", { name: "Remove Ōsaka Kübler" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Ōsaka Kübler is no longer on the team" })).toBeFocused();
    await invitee.reload();
    await expect(invitee.getByRole("heading", { level: 1, name: "Sign in to Seller Hub" })).toBeVisible();
    await invitee.context().close();
  });
});

test.describe("the activity log", () => {
  test("the owner sees who did what: the manager's change, named in its history too, then by member and in the file", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // An account of its own (e2e/repricing-sellers.ts): no other test changes its listings or its team.
    const owner = "repricer-team";
    await emulateSlowNetwork(page);
    await signIn(page, owner);
    await waitForHydration(page);
    await openTeam(page);
    const username = newUsername("ana");
    const link = await inviteByKeyboard(page, username, "Manager");

    const invitee = await (await browser.newContext()).newPage();
    await emulateSlowNetwork(invitee);
    await invitee.goto(link);
    await joinTeam(invitee, "Ana Łukasiewicz", "ćma-nad-łąką");
    await waitForHydration(invitee);
    await invitee.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await invitee
      .getByRole("table", { name: /Your listings/ })
      .getByRole("link", { name: "Repriced lamp 03" })
      .click();
    await invitee.getByRole("textbox", { name: "New price in USD" }).fill("12.34");
    await invitee.getByRole("button", { name: "Save changes" }).click();
    await expect(invitee.getByRole("status").filter({ hasText: "Price changed" })).toContainText("to $12.34");
    await invitee.context().close();

    // The listing's history names who made its change.
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await page
      .getByRole("table", { name: /Your listings/ })
      .getByRole("link", { name: "Repriced lamp 03" })
      .click();
    const history = page.getByRole("table", { name: "Changes of price and quantity, newest first" });
    await expect(history.getByRole("row").nth(1)).toContainText("Ana Łukasiewicz");

    await openTeam(page);
    await page.getByRole("link", { name: "See what the team did: the activity log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    const log = page.getByRole("table", { name: "Who changed what, newest first" });
    const rows = log.getByRole("row");
    const ana = `Ana Łukasiewicz (${username})`;
    const changed = "Changed on the listing’s page: Repriced lamp 03";
    await expect(rows.nth(1)).toContainText(`${ana}Listing’s page${changed}`);
    await expect(rows.nth(2)).toContainText(`${ana}Joined the teamJoined the team as a manager`);
    const ownerName = `Repricer ${REPRICERS.indexOf(owner) + 1} (${owner})`;
    await expect(rows.nth(3)).toContainText(`${ownerName}InvitationInvited ${username} as a manager`);
    await expectNoAccessibilityViolations(page);

    // By member, then by kind too: the filter's form is a GET, its choices in the address.
    await page.getByRole("combobox", { name: "Member" }).selectOption({ label: ana });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/[?&]member=\d+/);
    await expect(rows).toHaveCount(3);
    await expect(log).not.toContainText(ownerName);
    await page.getByRole("combobox", { name: "Kind of change" }).selectOption({ label: "Listing’s page" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/[?&]kind=listing-change/);
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole("combobox", { name: "Member" })).toHaveValue(/^\d+$/);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download this filtered activity (CSV)" }).click();
    const file = await (await download).path();
    const records = readFileSync(file, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(records).toHaveLength(2);
    expect(records[0]).toBe("When (UTC),Member,Username,Kind,What,Change");
    expect(records[1]).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,Ana Łukasiewicz,${username},Listing’s page,${changed},'?[\\w-]{22}$`),
    );

    // The change's entry leads to the change.
    await page.getByRole("link", { name: changed }).click();
    await expect(page).toHaveURL(/\/sh\/lst\/prices\/[\w-]{22}$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner invites a viewer and the viewer joins: every step a plain form", async ({ page, browser }) => {
    await signIn(page);
    await page.goto("/sh/team");
    const username = newUsername("nojs");
    await page.getByRole("textbox", { name: "Their username" }).fill(username);
    await page.getByRole("button", { name: "Create the invitation link" }).click();
    const link = await page.getByRole("textbox", { name: `Invitation link for ${username}` }).inputValue();

    const invitee = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await invitee.goto(link);
    await joinTeam(invitee, "Ana Løkke", "plain-forms-only");
    await expect(invitee.getByRole("banner")).toContainText("Ana Løkke for Jordan Lee");
    await invitee.context().close();

    // Withdrawing an invitation, asked for and done by a form too.
    const unused = newUsername("unused");
    await page.getByRole("textbox", { name: "Their username" }).fill(unused);
    await page.getByRole("button", { name: "Create the invitation link" }).click();
    const unusedLink = await page.getByRole("textbox", { name: `Invitation link for ${unused}` }).inputValue();
    await page.getByRole("button", { name: `Withdraw ${unused}` }).click();
    await expect(page.getByText(`The invitation for ${unused} was withdrawn: its link no longer works.`)).toBeVisible();
    expect((await page.request.get(unusedLink)).status()).toBe(404);

    // The log tells of it, found by its kind with the filter's plain form.
    await page.getByRole("link", { name: "See what the team did: the activity log" }).click();
    await page.getByRole("combobox", { name: "Kind of change" }).selectOption({ label: "Invitation withdrawn" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("row", { name: new RegExp(`Withdrew the invitation for ${unused}$`) })).toContainText(
      "Jordan Lee",
    );
  });
});

test.describe("the owner's hand-over question without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is a page of its own by its link, asks for the password, and Stay leads back", async ({ page }) => {
    await signIn(page);
    await openTeam(page);
    await page.getByRole("link", { name: "Make owner Alex Kim" }).click();
    await expect(page).toHaveURL(/\/sh\/team\?handover=\d+/);
    await expect(page.getByRole("heading", { name: "Make Alex Kim the account’s owner?" })).toBeVisible();
    await expect(page.getByLabel("Your password, to confirm")).toHaveAttribute("required", "");
    await page.getByRole("link", { name: "Stay the owner" }).click();
    await expect(page.getByRole("heading", { name: "Make Alex Kim the account’s owner?" })).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Role of Alex Kim" })).toHaveValue("viewer");
  });
});

test.describe("on a phone 390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the owner reaches the team from the menu by touch, and the page fits the screen", async ({ page }) => {
    await signIn(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menu" }).tap();
    await page.getByRole("link", { name: "Team", exact: true }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    await page.getByRole("textbox", { name: "Their username" }).tap();
    expect(await scrollsNoWider(page)).toBe(true);
    await expectNoAccessibilityViolations(page);
    await page.getByRole("link", { name: "See what the team did: the activity log" }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    expect(await scrollsNoWider(page)).toBe(true);
    await expectNoAccessibilityViolations(page);
  });
});

test.describe("on a phone 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test("the owner's question before handing the account over, by keyboard alone: it fits the screen, and Stay changes nothing", async ({
    page,
  }) => {
    await signIn(page);
    await waitForHydration(page);
    const menu = page.getByRole("button", { name: "Menu" });
    await tabTo(page, menu);
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("link", { name: "Team", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();

    const handOver = page.getByRole("link", { name: "Make owner Sam Rivera" });
    await tabTo(page, handOver);
    await page.keyboard.press("Enter");
    const question = page.getByRole("heading", { name: "Make Sam Rivera the account’s owner?" });
    await expect(question).toBeFocused();
    // Next in the order: the owner's password, then the two answers.
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Your password, to confirm")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Make Sam Rivera the owner" })).toBeFocused();
    expect(await scrollsNoWider(page)).toBe(true);
    await expectNoAccessibilityViolations(page);
    await tabTo(page, page.getByRole("link", { name: "Stay the owner" }));
    await page.keyboard.press("Enter");
    await expect(question).toHaveCount(0);
    await expect(handOver).toBeFocused();
    await expect(page.getByRole("combobox", { name: "Role of Sam Rivera" })).toHaveValue("manager");
  });

  test("an invitee joins by touch: the invitation, its refusal and the overview after it fit the screen", async ({
    page,
    browser,
  }) => {
    await signIn(page);
    await page.goto("/sh/team");
    const username = newUsername("ファン");
    await page.getByRole("textbox", { name: "Their username" }).fill(username);
    await page.getByRole("button", { name: "Create the invitation link" }).tap();
    const link = await page.getByRole("textbox", { name: `Invitation link for ${username}` }).inputValue();
    expect(await scrollsNoWider(page)).toBe(true);

    const invitee = await (
      await browser.newContext({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true })
    ).newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { level: 1, name: "Join Jordan Lee on Seller Hub" })).toBeVisible();
    await waitForHydration(invitee);
    expect(await scrollsNoWider(invitee)).toBe(true);
    await expectNoAccessibilityViolations(invitee);
    await invitee.getByLabel("Your name").tap();
    await invitee.keyboard.type("Ngozi Ọlábísí-Wintergreen-Featherstonehaugh");
    await invitee.getByLabel("Choose a password").tap();
    await invitee.keyboard.type("short");
    await invitee.getByLabel("Type the password again").tap();
    await invitee.keyboard.type("short");
    // The browser's own check stops a short password before it is sent: the server's is the one shown here.
    await invitee.getByLabel("Choose a password").evaluate((field) => field.removeAttribute("minlength"));
    await invitee.getByLabel("Type the password again").evaluate((field) => field.removeAttribute("minlength"));
    await invitee.getByRole("button", { name: "Join the team" }).tap();
    await expect(invitee.getByRole("alert")).toHaveText("Choose a password of 10 to 256 characters.");
    expect(await scrollsNoWider(invitee)).toBe(true);
    await expectNoAccessibilityViolations(invitee);
    await invitee.getByLabel("Choose a password").fill("a-long-enough-one");
    await invitee.getByLabel("Type the password again").fill("a-long-enough-one");
    await invitee.getByRole("button", { name: "Join the team" }).tap();
    await expect(invitee).toHaveURL(/\/sh\/ovw$/);
    await expect(invitee.getByRole("banner")).toContainText("Ngozi Ọlábísí-Wintergreen-Featherstonehaugh");
    expect(await scrollsNoWider(invitee)).toBe(true);
    await invitee.context().close();
  });
});
