import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { SummaryFilterForm } from "./SummaryFilterForm";

describe("SummaryFilterForm", () => {
  it("shows the summary's filters and reports each choice at once", async () => {
    const onChange = vi.fn<(field: string, value: string) => void>();
    render(<SummaryFilterForm filters={{ itemId: 42, condition: "used" }} onChange={onChange} />);
    expect(screen.getByLabelText("Compare with condition")).toHaveValue("used");
    expect(screen.getByLabelText("Your listings with status")).toHaveValue("");
    await userEvent.selectOptions(screen.getByLabelText("Your listings with status"), "Ended");
    expect(onChange).toHaveBeenCalledExactlyOnceWith("status", "ended");
  });

  it("has a Compare button for the page without JavaScript, and none once React runs", () => {
    const serverHtml = renderToString(<SummaryFilterForm filters={{}} onChange={() => {}} />);
    expect(serverHtml).toContain("Compare</button>");
    expect(serverHtml).toContain('method="get"');
    render(<SummaryFilterForm filters={{}} onChange={() => {}} />);
    expect(screen.queryByRole("button", { name: "Compare" })).toBeNull();
  });
});
