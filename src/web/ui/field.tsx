import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { delayedBlur } from './blur-delay.ts';
import './field.css';

type FieldFrameProps = { id: string; label: ReactNode; error?: string; hint?: ReactNode; required?: boolean; children: ReactNode };

/** Label, control, then the first validation message under it (spec: content §2 "Text inputs"). */
function FieldFrame({ id, label, error, hint, required, children }: FieldFrameProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? (
          <span className="field__required" aria-hidden>
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, required, onBlur, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} required={required}>
      <input
        ref={ref}
        id={inputId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        aria-required={required || undefined}
        onBlur={delayedBlur(onBlur)}
        {...input}
      />
    </FieldFrame>
  );
});

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string; hint?: ReactNode };

/** A labelled multi-line field, framed as TextField is. */
export function TextAreaField({ label, error, hint, id, required, className, ...area }: TextAreaFieldProps) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <FieldFrame id={areaId} label={label} error={error} hint={hint} required={required}>
      <textarea
        id={areaId}
        className={className ? `field__control ${className}` : 'field__control'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${areaId}-error` : hint ? `${areaId}-hint` : undefined}
        aria-required={required || undefined}
        {...area}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  options: { value: string; label: string }[];
  placeholder?: string;
};

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, required, options, placeholder, onBlur, ...select },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldFrame id={selectId} label={label} error={error} hint={hint} required={required}>
      <select
        ref={ref}
        id={selectId}
        className="field__control field__control--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        aria-required={required || undefined}
        onBlur={delayedBlur(onBlur)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

/** Errors that belong to no field, listed above the form's buttons. */
export function FormErrors({ messages, testId = 'form-errors' }: { messages: string[]; testId?: string }) {
  if (messages.length === 0) return null;
  return (
    <div className="form-errors" role="alert" data-testid={testId}>
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The note that explains the required mark, at the top of a form that has required fields. */
export function RequiredNote({ children }: { children: ReactNode }) {
  return <p className="form__required-note">{children}</p>;
}

/**
 * Brings the focused field (the first invalid one, focused by the form) into view with its label and
 * message, below the sticky header (scroll-padding in global.css).
 */
export function revealFocusedField() {
  requestAnimationFrame(() => document.activeElement?.closest('.field')?.scrollIntoView({ block: 'nearest' }));
}
