import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isolate } from "~/i18n/bidi";
import { Isolated } from "./Isolated";

describe("Isolated", () => {
  it("renders each isolated value as a <bdi>, and the words around it as they are", () => {
    const { container } = render(
      <p>
        <Isolated text={`Made ${isolate("سارة")} (${isolate("sara")}) a viewer`} />
      </p>,
    );
    expect(container.textContent).toBe("Made سارة (sara) a viewer");
    expect([...container.querySelectorAll("bdi")].map((value) => value.textContent)).toEqual(["سارة", "sara"]);
  });

  it("leaves a text with no isolated value whole", () => {
    const { container } = render(
      <p>
        <Isolated text="Switched to the previous listings tool" />
      </p>,
    );
    expect(container.innerHTML).toBe("<p>Switched to the previous listings tool</p>");
  });

  it("nests an isolate inside another (a right-to-left catalogue's around an isolated name), leaving no isolate characters", () => {
    const { container } = render(
      <p>
        <Isolated text={`Removed \u2068${isolate("سارة")}\u2069 and \u2067نص\u2069\u2069 from the team\u2068 open`} />
      </p>,
    );
    expect(container.textContent).toBe("Removed سارة and نص from the team open");
    const outer = container.querySelector("p > bdi");
    expect(outer?.querySelector("bdi")?.textContent).toBe("سارة");
    // RLI gives its run a direction; an isolate left open runs to the end.
    expect(container.querySelector('bdi[dir="rtl"]')?.textContent).toBe("نص");
    expect(container.querySelectorAll("p > bdi")).toHaveLength(3);
  });
});
