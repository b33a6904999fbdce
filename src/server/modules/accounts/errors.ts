import { type AppError, Forbidden, Invalid, NotFound, Unauthenticated } from '../../http/errors.ts';

/** Account failures (spec: accounts §8), each with a stable code the browser translates. */
export const accountErrors = {
  invalidCredentials: () => new Unauthenticated({ code: 'invalid_email_or_password', message: 'Invalid email or password' }),
  locked: () => new Unauthenticated({ code: 'user_locked', message: 'Your account is locked' }),
  unconfirmed: () => new Unauthenticated({ code: 'unconfirmed', message: 'You have to confirm your email address before continuing' }),
  deactivated: () => new Unauthenticated({ code: 'deactivated', message: 'User is deactivated' }),
  notMigrated: () =>
    new Unauthenticated({ code: 'user_not_migrated', message: 'User has not migrated: choose a password on the account-transfer page' }),
  transferCodeInvalid: () =>
    new Invalid({ code: 'transfer_code_invalid', field: 'code', message: 'Wrong code; after 5 wrong codes, ask for a new one' }),
  transferCodeExpired: () =>
    new Invalid({ code: 'transfer_code_expired', field: 'code', message: 'The code has expired; ask for a new one' }),
  transferCodeVoid: () =>
    new Invalid({ code: 'transfer_code_void', field: 'code', message: 'The code no longer works after 5 wrong codes; ask for a new one' }),
  needTwoFactor: () => new Unauthenticated({ code: 'user_need_2FA', message: 'Enter the code we sent to your e-mail' }),
  noPendingTwoFactor: () => new Unauthenticated({ code: 'two_factor_expired', message: 'Sign in again to get a new code' }),
  wrongCode: () => new NotFound({ code: 'wrong_verification_code', message: 'Wrong verification code' }),
  twoFactorLocked: (ip: string) =>
    new Forbidden({ code: 'two_factor_locked', message: `Login error. Last attempt from ${ip}`, meta: { ip } }),
  notAdmin: () => new Forbidden({ code: 'not_admin', message: 'You are not admin' }),
  tokenInvalid: () => new Invalid({ code: 'token_invalid', message: 'The link has expired or has already been used' }),
  emailTaken: () => new Invalid({ code: 'email_taken', field: 'email', message: 'has already been taken' }),
  currentPasswordInvalid: () => new Invalid({ code: 'current_password_invalid', field: 'current_password', message: 'is invalid' }),
  sessionTimeout: () => new Unauthenticated({ code: 'timeout', message: 'Your session expired, please sign in again' }),
  unknownCountry: (field = 'country_id') => new Invalid({ code: 'unknown_country', field, message: 'is not a known country' }),
  unknownTimeZone: () => new Invalid({ code: 'unknown_time_zone', field: 'time_zone', message: 'is not a known time zone' }),
  unknownReleaseNote: () => new NotFound({ code: 'release_note_not_found', message: 'Release note not found' }),
} satisfies Record<string, (...args: never[]) => AppError>;
