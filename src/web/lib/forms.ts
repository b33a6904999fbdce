import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorText } from '../../common/accounts.ts';
import { VALIDATION_MESSAGES, type ValidationMessageKey } from '../../common/validators.ts';
import { ApiError, errorText } from './api-client.ts';
import { translateIfExists } from './i18n.ts';

/** A validator's message key, translated; the English default when the catalogue lacks it. */
export function validationText(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith('validation.'))
    return translateIfExists(message) ?? VALIDATION_MESSAGES[message as ValidationMessageKey] ?? message;
  return t(message);
}

/** The text of a server error item: the translation of its code, else its message. */
export function itemText(item: { code: string; message: string }): string {
  return translateIfExists(`errors.${item.code}`) ?? item.message;
}

/**
 * Puts a failed call's field errors on the form's fields and answers the rest as texts for the
 * form's error list ("Field name message" for fields the form does not show, spec: accounts §5).
 * Field paths are read below the body's wrapper (`user.email`, `agreement_request.email`).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  wrapper = 'user',
): string[] {
  if (!(error instanceof ApiError)) return [errorText(error, translateIfExists)];
  const rest: string[] = [];
  for (const item of error.errors) {
    const name = (item.field?.startsWith(`${wrapper}.`) ? item.field.slice(wrapper.length + 1) : item.field) as Path<T> | undefined;
    if (name && fields.includes(name)) setError(name, { type: 'server', message: itemText(item) });
    else rest.push(item.field ? fieldErrorText(item.field, itemText(item)) : itemText(item));
  }
  return rest;
}
