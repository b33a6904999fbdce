import { z } from 'zod';

/**
 * Generic field validators (spec: content §5). Each returns null when the value passes, else the
 * translation key of its message; the browser shows the first failing message under the field and
 * translates it, falling back to the English default in VALIDATION_MESSAGES.
 */
export const VALIDATION_MESSAGES = {
  'validation.required': 'This field is required',
  'validation.text': 'Value is not a string',
  'validation.number': 'Value is not a number',
  'validation.url_path': 'Value is not a path',
  'validation.url': 'Value is not a url',
  'validation.email': 'Value is not a email',
  'validation.equality': 'Values do not match',
  'validation.min_length': 'Value is too short',
  'validation.max_length': 'Value is too long',
  'validation.latin': 'Please use only English characters',
  'validation.latin_cyrillic': 'Please use only Latin or Cyrillic characters',
  'validation.password': 'Password must be at least 8 characters and contain a letter and a digit',
  'validation.password_too_long': 'Password must be at most 128 characters',
  'validation.phone': 'Value is not a phone number',
  'validation.letters_digits': 'Please use only letters and digits',
  'validation.letters_digits_cyrillic': 'Please use only Latin or Cyrillic letters and digits',
  'validation.ip': 'Value is not an IP address',
  'validation.rtmp': 'Value is not an RTMP URL',
  'validation.srt': 'Value is not an SRT URL',
  'validation.uri': 'Invalid URI',
  'validation.stream_url': 'Paste the whole stream URL, ending with its stream key',
  'validation.confirm': 'Confirmation does not match',
  'validation.terms_required': 'You must agree to the Terms of Service and Privacy Policy',
  'validation.date': 'Value is not a date',
  'validation.date_past': 'Please choose a date from today on',
  'validation.date_far': 'Please choose a date within the next two years',
  'validation.range': 'The end comes before the start',
  'validation.extid': 'Value is not an event id',
  'validation.privacy_required': 'Please accept the Privacy Policy',
  'validation.confirmation_required': 'Please confirm to continue',
  'validation.single_line': 'Please use one line, without control characters',
  'validation.code_symbols': 'The code has 6 symbols',
  'validation.control_characters': 'Please remove control characters (line breaks are fine)',
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
export type FieldValue = string | number | boolean | null | undefined;
export type Validator = (value: FieldValue) => ValidationMessageKey | null;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const isBlank = (value: FieldValue) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
/** Non-required validators let blank values pass; `required` is what rejects them. */
const when =
  (test: (text: string) => boolean, key: ValidationMessageKey): Validator =>
  (value) =>
    isBlank(value) || test(String(value)) ? null : key;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^\+?[\d\s().\-/]+$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export const required: Validator = (value) => (isBlank(value) || value === false ? 'validation.required' : null);
export const text: Validator = (value) => (isBlank(value) || typeof value === 'string' ? null : 'validation.text');
export const number: Validator = when((v) => /^-?\d+(\.\d+)?$/.test(v.trim()), 'validation.number');
export const url: Validator = when((v) => {
  try {
    const parsed = new URL(v.trim());
    return ['http:', 'https:'].includes(parsed.protocol) && parsed.hostname.includes('.');
  } catch {
    return false;
  }
}, 'validation.url');
export const urlPath: Validator = when((v) => /^\/[^\s?#]*$/.test(v.trim()), 'validation.url_path');
export const email: Validator = when((v) => EMAIL.test(v.trim()), 'validation.email');
/** "Please use only English characters": printable ASCII and whitespace. */
export const latin: Validator = when((v) => /^[\x20-\x7E\s]*$/.test(v), 'validation.latin');
export const latinCyrillic: Validator = when((v) => /^[\x20-\x7E\s\p{Script=Cyrillic}]*$/u.test(v), 'validation.latin_cyrillic');
/** At least 8 characters with a letter and a digit (spec: accounts §5); "complex" is the same rule. */
export const password: Validator = (value) => {
  if (isBlank(value)) return null;
  const v = String(value);
  if (v.length > PASSWORD_MAX_LENGTH) return 'validation.password_too_long';
  return isPasswordComplex(v) ? null : 'validation.password';
};
export const complex = password;
/** Optional plus, optional parentheses, digits, dashes, spaces, dots, slashes; 5 to 20 digits. */
export const phone: Validator = when((v) => {
  const digits = v.replace(/\D/g, '').length;
  return PHONE.test(v.trim()) && digits >= 5 && digits <= 20 && balancedParentheses(v);
}, 'validation.phone');
export const lettersDigits: Validator = when((v) => /^[A-Za-z0-9]+$/.test(v), 'validation.letters_digits');
export const lettersDigitsCyrillic: Validator = when(
  (v) => /^[A-Za-z0-9\p{Script=Cyrillic}]+$/u.test(v),
  'validation.letters_digits_cyrillic',
);
/** Four dotted groups of 1 to 3 digits, each at most 255. */
export const ip: Validator = when((v) => {
  const groups = IPV4.exec(v.trim());
  return groups !== null && groups.slice(1).every((g) => Number(g) <= 255);
}, 'validation.ip');
export const rtmp: Validator = when((v) => /^rtmps?:\/\/[^\s/]+(\/\S*)?$/i.test(v.trim()), 'validation.rtmp');
export const srt: Validator = when((v) => /^srt:\/\/[^\s/]+(\/\S*)?$/i.test(v.trim()), 'validation.srt');

export const minLength = (min: number): Validator => when((v) => [...v].length >= min, 'validation.min_length');
export const maxLength = (max: number): Validator => when((v) => [...v].length <= max, 'validation.max_length');
/** Equality with another field's value. */
export const equals =
  (other: FieldValue): Validator =>
  (value) =>
    isBlank(value) || value === other ? null : 'validation.equality';
/** Password confirmation: blank is a failure here, since a confirmation is always asked for. */
export const confirm =
  (other: FieldValue): Validator =>
  (value) =>
    !isBlank(value) && value === other ? null : 'validation.confirm';

/** Runs validators in order; the first failing message is the one shown. */
export function firstError(value: FieldValue, validators: readonly Validator[]): ValidationMessageKey | null {
  for (const validator of validators) {
    const key = validator(value);
    if (key) return key;
  }
  return null;
}

export function isPasswordComplex(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(value) && /\d/.test(value);
}

function balancedParentheses(v: string): boolean {
  let depth = 0;
  for (const char of v) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0 || depth > 1) return false;
  }
  return depth === 0;
}

/** The largest id a PostgreSQL `integer` column holds: every id in a contract is bounded by it. */
export const MAX_ID = 2_147_483_647;

/** A decimal id from a path or filter, or null when it is not one a row could have. */
export function parseId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** YYYY-MM-DD naming a day that exists (2026-02-30 does not); never throws, whatever the text. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * A control character (C0, DEL, C1) or a line or paragraph separator: none belongs in a one-line
 * field, and a CR/LF that reaches an e-mail subject or a log line could forge a header or an entry.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const isSingleLine = (value: string) => !CONTROL.test(value);
export const singleLine: Validator = when(isSingleLine, 'validation.single_line');

/** zod building blocks with the same rules and message keys, for route and form schemas. */
export const zod = {
  /** An id in a JSON body. */
  id: () => z.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.number').max(MAX_ID, 'validation.number'),
  /** An id in a query string or path (text that must be one). */
  idParam: () =>
    z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.number').max(MAX_ID, 'validation.number'),
  calendarDate: () => z.string().refine(isCalendarDate, 'validation.date'),
  email: () =>
    z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(254, 'validation.max_length')
      .refine((v) => EMAIL.test(v), 'validation.email')
      .transform((v) => v.toLowerCase()),
  password: () =>
    z
      .string({ error: 'validation.required' })
      .min(1, 'validation.required')
      .max(PASSWORD_MAX_LENGTH, 'validation.password_too_long')
      .refine(isPasswordComplex, 'validation.password'),
  /** A required one-line text (a name, a title, an address line). */
  requiredText: (max = 255) =>
    z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(max, 'validation.max_length')
      .refine(isSingleLine, 'validation.single_line'),
  /** An optional one-line text: every single-line field refuses control characters here. */
  line: (max = 255) =>
    z.string({ error: 'validation.text' }).trim().max(max, 'validation.max_length').refine(isSingleLine, 'validation.single_line'),
  phone: () =>
    z
      .string()
      .trim()
      .refine((v) => phone(v) === null, 'validation.phone'),
};
