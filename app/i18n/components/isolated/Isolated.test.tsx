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
});
