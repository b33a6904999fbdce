import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { useId, type ReactNode } from 'react';
import './checkbox.css';

type CheckboxProps = {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  name?: string;
  testId?: string;
};

/** Accessible checkbox (Radix) with its label and an optional description. */
export function Checkbox({ checked, onCheckedChange, label, description, disabled, name, testId }: CheckboxProps) {
  const id = useId();
  return (
    <div className="checkbox">
      <RadixCheckbox.Root
        id={id}
        name={name}
        className="checkbox__box"
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onCheckedChange?.(value === true)}
        aria-describedby={description ? `${id}-description` : undefined}
        data-testid={testId}
      >
        {/* The tick shows while checked (checkbox.css), as the radio's dot does (radio-dot.tsx): not through Presence. */}
        <span className="checkbox__indicator" aria-hidden="true">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden>
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
      </RadixCheckbox.Root>
      <div className="checkbox__text">
        <label htmlFor={id} className="checkbox__label">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="checkbox__description">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
