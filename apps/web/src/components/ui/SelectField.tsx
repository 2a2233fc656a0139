import { useId } from 'react';

/**
 * A labelled select for the app's forms (vendor product form, chat products): an empty first choice, the error under
 * it tied by aria-describedby, the same height as the text fields.
 */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  error,
  disabled,
  placeholder = 'Select',
  className,
}: {
  label: string;
  name?: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  error?: string | null;
  disabled?: boolean;
  placeholder?: string;
  /** the wrapper's spacing in its form */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-900">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`block h-[46px] w-full rounded-lg border bg-white px-3 text-base text-ink-900 disabled:bg-sand-100 disabled:text-ink-500 ${error ? 'border-red-600' : 'border-ink-500/40'}`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
