import type { UseFormSetError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { applyServerErrors } from './forms.ts';

type Form = { email: string; first_name: string };

function collect() {
  const set: Record<string, string | undefined> = {};
  const setError: UseFormSetError<Form> = (name, error) => void (set[name] = error.message);
  return { set, setError };
}

describe('server errors on a form (spec: accounts §5, §8)', () => {
  const failure = new ApiError(422, [
    { code: 'invalid', message: 'is not valid', field: 'agreement_request.email' },
    { code: 'invalid', message: 'is too long', field: 'agreement_request.company_size' },
    { code: 'recaptcha_failed', message: 'Please confirm you are not a robot' },
  ]);

  it('puts an error on the field it names below the body’s wrapper; the rest go to the form’s list', () => {
    const { set, setError } = collect();
    const rest = applyServerErrors<Form>(failure, ['email', 'first_name'], setError, 'agreement_request');
    expect(set).toEqual({ email: 'is not valid' });
    expect(rest).toEqual(['Company size is too long', 'Please confirm you are not a robot']);
  });

  it('reads the user wrapper by default, as the account forms send', () => {
    const { set, setError } = collect();
    applyServerErrors<Form>(new ApiError(422, [{ code: 'invalid', message: 'taken', field: 'user.email' }]), ['email'], setError);
    expect(set).toEqual({ email: 'taken' });
  });
});
