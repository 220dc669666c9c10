import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FilterSelect } from "./FilterSelect";

describe("FilterSelect", () => {
  it("is a labelled select named after its query parameter, reporting each choice", async () => {
    const onChoose = vi.fn<(value: string) => void>();
    render(
      <FilterSelect
        id="status"
        name="status"
        label="Status"
        value=""
        options={[
          ["", "All statuses"],
          ["ended", "Ended"],
        ]}
        onChoose={onChoose}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Status" });
    expect(select).toHaveAttribute("name", "status");
    expect(select).toHaveDisplayValue("All statuses");
    await userEvent.selectOptions(select, "Ended");
    expect(onChoose).toHaveBeenCalledExactlyOnceWith("ended");
  });

  it("without onChoose is a plain field of its form: the seller's choice stays, to be submitted", async () => {
    render(
      <FilterSelect
        id="device"
        name="device"
        label="Device"
        value=""
        options={[
          ["", "All devices"],
          ["phone", "Phones"],
        ]}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Device" });
    await userEvent.selectOptions(select, "Phones");
    expect(select).toHaveDisplayValue("Phones");
  });
});
