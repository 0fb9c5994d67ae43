/**
 * A group of toggle buttons choosing one value, the chosen one pressed; the group is named by a label
 * or by the element `aria-labelledby` names. Each button's test id is `<testIdPrefix>-<option>`.
 */
export function ToggleGroup<T extends string | number>({
  options,
  value,
  onChange,
  text,
  testIdPrefix,
  className,
  buttonClassName,
  ...name
}: {
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  text: (option: T) => string;
  testIdPrefix: string;
  className: string | undefined;
  buttonClassName: string | undefined;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    <div className={className} role="group" {...name}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={buttonClassName}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          data-testid={`${testIdPrefix}-${option}`}
        >
          {text(option)}
        </button>
      ))}
    </div>
  );
}
