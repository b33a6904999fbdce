import { describe, expect, it } from 'vitest';
import { accountTransferSchema } from './accounts.ts';

const input = (code: string) => ({
  email: 'moved@agency.example',
  code,
  password: 'Moved-over-2026',
  password_confirmation: 'Moved-over-2026',
});
const messages = (code: string) => {
  const parsed = accountTransferSchema.safeParse(input(code));
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the account-transfer code in the shared contract (spec accounts §5 "6 symbols")', () => {
  it('reads the code upper-case and without spaces, in the form and on the server alike', () => {
    expect(accountTransferSchema.parse(input(' ab c2 3d ')).code).toBe('ABC23D');
  });

  it('says "the code has 6 symbols" for fewer or more, and "required" for none', () => {
    expect(messages('ABC2E')).toEqual(['code: validation.code_symbols']);
    expect(messages('ABCDEFG')).toEqual(['code: validation.code_symbols']);
    expect(messages('ABC-DE')).toEqual(['code: validation.code_symbols']);
    expect(messages('   ')).toEqual(['code: validation.required']);
    expect(messages('ABCDEF')).toEqual([]);
  });
});
