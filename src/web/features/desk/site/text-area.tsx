import { useId, type TextareaHTMLAttributes } from 'react';

/** A labelled multi-line field with its first message under it, like the form fields of ui/field.tsx. */
export function TextArea({
  label,
  error,
  hint,
  required,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
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
      <textarea
        id={id}
        className="field__control site-textarea"
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={described}
        {...area}
      />
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
