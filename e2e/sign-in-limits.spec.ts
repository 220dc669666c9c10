import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** One sign-in through the form; the answer to this submission, not an earlier one. */
async function submitSignIn(page: Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.request().method() === "POST" && new URL(answer.url()).pathname.startsWith("/signin"),
    ),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  return { status: response.status(), retryAfter: response.headers()["retry-after"] };
}

const BLOCKED = "Too many sign-in attempts. Try again in 15 minutes.";

/**
 * Uses accounts no other test signs in with: `newcomer` exists, `no-such-seller` does not.
 * Five wrong passwords block an account for fifteen minutes, whether or not it exists.
 */
test("guessing is stopped with a retry time, the same for an existing and an unknown account", async ({ page }) => {
  const blocked = [];
  for (const username of ["newcomer", "no-such-seller"]) {
    await page.goto("/signin");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await submitSignIn(page, username, `wrong-${attempt}`)).status).toBe(401);
    }
    // Even the right password does not get through while blocked.
    blocked.push(await submitSignIn(page, username, "sellerhub"));
    // The page shows the answer once React has rendered it, a moment after the response arrives.
    await expect(page.getByRole("alert")).toHaveText(BLOCKED);
    await expect(page).toHaveURL(/\/signin/);
  }
  const [existing, unknown] = blocked;
  expect(existing?.status).toBe(429);
  expect(Number(existing?.retryAfter)).toBeGreaterThan(800);
  expect(unknown).toEqual({ ...existing, retryAfter: expect.any(String) });
});
