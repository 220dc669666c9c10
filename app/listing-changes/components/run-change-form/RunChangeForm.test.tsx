import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInRouter, shownAddress } from "../../../../test/render-in-router";
import { RunChangeForm } from "./RunChangeForm";

/** A response whose body arrives in the lines given, the next one each time `release` is called. */
function streamedResponse(lines: object[]) {
  let push: ((line: object | null) => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (line) => {
        if (line === null) controller.close();
        else controller.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
      };
    },
  });
  const queue = [...lines];
  return {
    response: new Response(body, { headers: { "Content-Type": "application/x-ndjson" } }),
    release: () => push?.(queue.shift() ?? null),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("RunChangeForm", () => {
  const renderForm = () =>
    renderInRouter("/sh/lst/prices/abc", () => (
      <RunChangeForm action="/sh/lst/prices/abc/apply" srt="token" progressLabel="Applying new prices" locale="en-US">
        Apply new prices to 2,000 listings
      </RunChangeForm>
    ));

  it("is a plain POST form with the anti-forgery token without JavaScript's help", async () => {
    await renderForm();
    const button = screen.getByRole("button", { name: "Apply new prices to 2,000 listings" });
    expect(button.closest("form")).toHaveAttribute("action", "/sh/lst/prices/abc/apply");
    expect(button.closest("form")).toHaveAttribute("method", "post");
  });

  it("shows the progress line by line, and refuses to send twice while it runs", async () => {
    const { response, release } = streamedResponse([
      { type: "progress", done: 0, total: 2000 },
      { type: "progress", done: 500, total: 2000 },
      { type: "refused", reason: "Only your last price change can be undone, within 24 hours of applying it." },
    ]);
    const fetch = vi.fn<typeof globalThis.fetch>(async () => response);
    vi.stubGlobal("fetch", fetch);
    await renderForm();
    // The status is in the page before it speaks: one made with its text may go unsaid.
    const form = screen.getByRole("button", { name: /Apply new prices/ }).closest("form") as HTMLFormElement;
    const said = within(form).getByRole("status");
    expect(said).toHaveTextContent(/^$/);
    await userEvent.click(screen.getByRole("button", { name: /Apply new prices/ }));
    expect(said).toHaveTextContent(/Applying new prices/);
    expect(fetch).toHaveBeenCalledWith(
      "http://localhost:3000/sh/lst/prices/abc/apply",
      expect.objectContaining({ method: "POST", headers: { Accept: "application/x-ndjson" } }),
    );
    release();
    release();
    const progress = await screen.findByRole("progressbar", { name: /Applying new prices: 500 of 2,000/ });
    expect(progress).toHaveAttribute("value", "500");
    await userEvent.click(screen.getByRole("button", { name: /Apply new prices/ }));
    expect(fetch).toHaveBeenCalledTimes(1);
    release();
    expect(await screen.findByRole("alert")).toHaveTextContent("Only your last price change can be undone");
  });

  it("keeps the progress until the applied page is drawn: the button never comes back over the old page", async () => {
    const { response, release } = streamedResponse([
      { type: "progress", done: 2000, total: 2000 },
      { type: "done", location: "/sh/lst/prices/abc?applied" },
    ]);
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof globalThis.fetch>(async () => response),
    );
    let drawApplied: (value: { applied: boolean }) => void = () => {};
    const Stub = createRoutesStub([
      {
        path: "/sh/lst/prices/abc",
        loader: ({ request }) =>
          new URL(request.url).searchParams.has("applied")
            ? new Promise<{ applied: boolean }>((resolve) => (drawApplied = resolve))
            : { applied: false },
        Component: ({ loaderData }: { loaderData: { applied: boolean } }) =>
          loaderData.applied ? (
            <h2>Applied</h2>
          ) : (
            <RunChangeForm
              action="/sh/lst/prices/abc/apply"
              srt="token"
              progressLabel="Applying new prices"
              locale="en-US"
            >
              Apply new prices to 2,000 listings
            </RunChangeForm>
          ),
      },
    ]);
    const { container } = render(<Stub initialEntries={["/sh/lst/prices/abc"]} />);
    await userEvent.click(await screen.findByRole("button", { name: /Apply new prices/ }));
    release();
    await screen.findByRole("progressbar", { name: /2,000 of 2,000/ });
    // Every state the page is drawn in from here: the button given back before the applied page
    // would let a second apply start.
    const drawn: string[] = [];
    const observer = new MutationObserver(() => {
      const button = container.querySelector("button");
      drawn.push(
        container.querySelector("h2")
          ? "applied"
          : container.querySelector("progress")
            ? "progress"
            : `button${button?.getAttribute("aria-disabled") ? " (disabled)" : ""}`,
      );
    });
    observer.observe(container, { subtree: true, childList: true, attributes: true, characterData: true });
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole("progressbar", { name: /2,000 of 2,000/ })).toBeInTheDocument();
    drawApplied({ applied: true });
    await screen.findByRole("heading", { name: "Applied" });
    observer.disconnect();
    expect(drawn.filter((state) => state.startsWith("button"))).toEqual([]);
    expect(drawn.at(-1)).toBe("applied");
  });

  it("keeps the progress while the seller pages the change's listings, and says so if the answer ends with no outcome", async () => {
    const { response, release } = streamedResponse([{ type: "progress", done: 500, total: 2000 }]);
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof globalThis.fetch>(async () => response),
    );
    await renderInRouter("/sh/lst/prices/abc", () => (
      <>
        <Link to="/sh/lst/prices/abc?offset=20">Next page</Link>
        <RunChangeForm action="/sh/lst/prices/abc/apply" srt="token" progressLabel="Applying new prices" locale="en-US">
          Apply new prices to 2,000 listings
        </RunChangeForm>
      </>
    ));
    await userEvent.click(screen.getByRole("button", { name: /Apply new prices/ }));
    release();
    await screen.findByRole("progressbar", { name: /500 of 2,000/ });
    await userEvent.click(screen.getByRole("link", { name: "Next page" }));
    expect(shownAddress()).toHaveTextContent("/sh/lst/prices/abc?offset=20");
    expect(screen.getByRole("progressbar", { name: /500 of 2,000/ })).toBeInTheDocument();
    // The server went away mid-change: the answer ends with no outcome.
    release();
    expect(await screen.findByRole("alert")).toHaveTextContent("The connection was lost before the outcome arrived.");
    expect(screen.getByRole("button", { name: /Apply new prices/ })).not.toHaveAttribute("aria-disabled");
  });

  it("says so when the connection is lost, and can be sent again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof globalThis.fetch>(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await renderForm();
    await userEvent.click(screen.getByRole("button", { name: /Apply new prices/ }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The connection was lost before the outcome arrived. Try again: a change is never applied twice.",
    );
  });

  it("follows the sign-in page when the session has ended, rather than reading it as progress", async () => {
    const signIn = new Response("<!DOCTYPE html><title>Sign in · Seller Hub</title>", {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
    Object.defineProperty(signIn, "url", {
      value: "http://localhost:3000/signin?redirectTo=%2Fsh%2Flst%2Fprices%2Fabc",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof globalThis.fetch>(async () => signIn),
    );
    const assign = vi.fn<(url: string) => void>();
    vi.stubGlobal("location", { ...window.location, assign });
    await renderForm();
    await userEvent.click(screen.getByRole("button", { name: /Apply new prices/ }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith("http://localhost:3000/signin?redirectTo=%2Fsh%2Flst%2Fprices%2Fabc"),
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
