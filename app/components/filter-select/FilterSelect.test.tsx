import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FilterSelect } from "./FilterSelect";

describe("FilterSelect", () => {
  it("is a labelled select named after its query parameter, reporting each choice", async () => {
    const onChoose = vi.fn<(value: string) => void>();
    render(<FilterSelect id="status" name="status" label="Status" value="" options={[["", "All statuses"], ["ended", "Ended"]]} onChoose={onChoose} />);
    const select = screen.getByRole("combobox", { name: "Status" });
    expect(select).toHaveAttribute("name", "status");
    expect(select).toHaveDisplayValue("All statuses");
    await userEvent.selectOptions(select, "Ended");
    expect(onChoose).toHaveBeenCalledExactlyOnceWith("ended");
  });
});
