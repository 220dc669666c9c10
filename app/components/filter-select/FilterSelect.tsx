/** A select's choices: the submitted value and the words the seller reads. */
export type FilterOptions = ReadonlyArray<readonly [value: string, label: string]>;

export interface FilterSelectProps {
  /** The select's id, which its label points at. */
  id: string;
  /** The query parameter it sets. */
  name: string;
  /** The visible label. */
  label: string;
  /** The choices, in order. */
  options: FilterOptions;
  /** The chosen value. */
  value: string;
  /** Called with the new value as soon as the seller chooses it; without it the choice waits for the form's submit. */
  onChoose?(value: string): void;
}

/** A labelled select of a filter form: submitted with the form, and reported as soon as it changes when asked to. */
export function FilterSelect({ id, name, label, options, value, onChoose }: FilterSelectProps) {
  const choice = onChoose
    ? { value, onChange: (event: React.ChangeEvent<HTMLSelectElement>) => onChoose(event.target.value) }
    : { defaultValue: value };
  return (
    <div className="filter-form__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} {...choice}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
