/** A question answered by one of a few radio buttons (the shopper's answer pages: a failed delivery, an address check). */
export function ChoiceRadios<Value extends string>({
  legend,
  options,
  chosen,
  onChoose,
}: {
  legend: string;
  options: readonly (readonly [Value, string])[];
  chosen: Value;
  onChoose: (value: Value) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-charcoal">{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="mt-2 flex items-center gap-3 text-charcoal">
          <input type="radio" name="action" value={value} checked={chosen === value} onChange={() => onChoose(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
