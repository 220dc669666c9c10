import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeNumberOf, swapSummary } from "./swap-summary";

const page = (heading: string) =>
  `<!DOCTYPE html><html><head><title>${heading} · Seller Hub</title></head><body><main id="product-summary"><h1>${heading}</h1></main></body></html>`;

let replace: ReturnType<typeof vi.fn<(url: string) => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  document.body.innerHTML = '<p id="kept">kept</p><main id="product-summary"><h1>Before</h1></main>';
  document.title = "Before";
  replace = vi.fn<(url: string) => void>();
  reload = vi.fn<() => void>();
  // jsdom does not navigate; these stand in for the full load, at the frame's own address.
  vi.spyOn(window, "location", "get").mockReturnValue({
    ...window.location,
    pathname: "/sh/prod-summary",
    search: "?listingId=42&condition=used",
    replace,
    reload,
  } as unknown as Location);
});

afterEach(() => vi.restoreAllMocks());

describe("swapSummary", () => {
  it("fetches the re-filtered summary and puts it in place of the current one, in the same document", async () => {
    const fetch = vi.spyOn(window, "fetch").mockResolvedValue(new Response(page("After")));
    const replaceState = vi.spyOn(window.history, "replaceState");
    const kept = document.getElementById("kept");

    expect(await swapSummary(window, "/sh/prod-summary?listingId=42&condition=new", 3)).toBe(true);

    expect(fetch).toHaveBeenCalledWith("/sh/prod-summary?listingId=42&condition=new", {
      headers: { Accept: "text/html" },
    });
    expect(document.querySelector("#product-summary h1")).toHaveTextContent("After");
    expect(document.querySelectorAll("#product-summary")).toHaveLength(1);
    expect(document.getElementById("kept")).toBe(kept);
    expect(document.title).toBe("After · Seller Hub");
    expect(replaceState).toHaveBeenCalledWith(null, "", "/sh/prod-summary?listingId=42&condition=new");
    expect(replace).not.toHaveBeenCalled();
  });

  it("loads the whole document when the answer is not a summary, telling it which change it answers", async () => {
    vi.spyOn(window, "fetch").mockResolvedValue(
      new Response("None of your listings has this number.", { status: 404 }),
    );
    expect(await swapSummary(window, "/sh/prod-summary?listingId=7", 2)).toBe(false);
    expect(replace).toHaveBeenCalledWith("/sh/prod-summary?listingId=7#change-2");
    expect(document.querySelector("#product-summary h1")).toHaveTextContent("Before");
  });

  it("loads the whole document when the network fails", async () => {
    vi.spyOn(window, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    // Not in place: the summary still shown must not answer the change the new document answers.
    expect(await swapSummary(window, "/sh/prod-summary?listingId=42", 5)).toBe(false);
    expect(replace).toHaveBeenCalledWith("/sh/prod-summary?listingId=42#change-5");
  });

  it("loads the frame's own address again when the change leads back to it, since a new fragment alone loads nothing", async () => {
    vi.spyOn(window, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    const replaceState = vi.spyOn(window.history, "replaceState").mockImplementation(() => undefined);
    expect(await swapSummary(window, "/sh/prod-summary?listingId=42&condition=used", 6)).toBe(false);
    expect(replace).not.toHaveBeenCalled();
    expect(replaceState).toHaveBeenCalledWith(null, "", "/sh/prod-summary?listingId=42&condition=used#change-6");
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe("changeNumberOf", () => {
  it("reads the change a freshly loaded summary answers from its address's fragment, else 0", () => {
    expect(changeNumberOf({ hash: "#change-12" })).toBe(12);
    expect(changeNumberOf({ hash: "" })).toBe(0);
    expect(changeNumberOf({ hash: "#change-x" })).toBe(0);
    expect(changeNumberOf({ hash: "#change-12345678901" })).toBe(0);
  });
});
