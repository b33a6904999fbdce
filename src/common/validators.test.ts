import { describe, expect, it } from 'vitest';
import * as v from './validators.ts';

describe('generic validators (spec: content §5)', () => {
  it('required rejects blank values and an unticked box, with the spec default message', () => {
    for (const blank of ['', '   ', null, undefined, false]) expect(v.required(blank)).toBe('validation.required');
    expect(v.required('x')).toBeNull();
    expect(v.VALIDATION_MESSAGES['validation.required']).toBe('This field is required');
  });

  it('other validators let blank values pass (required decides)', () => {
    for (const validator of [v.email, v.url, v.phone, v.ip, v.rtmp, v.srt, v.number, v.latin]) expect(validator('')).toBeNull();
  });

  it('text and number', () => {
    expect(v.text(5)).toBe('validation.text');
    expect(v.number('12.5')).toBeNull();
    expect(v.number('12a')).toBe('validation.number');
    expect(v.VALIDATION_MESSAGES['validation.number']).toBe('Value is not a number');
  });

  it('url and url path', () => {
    expect(v.url('https://example.com/a')).toBeNull();
    expect(v.url('example')).toBe('validation.url');
    expect(v.url('ftp://example.com')).toBe('validation.url');
    expect(v.urlPath('/news/today')).toBeNull();
    expect(v.urlPath('news today')).toBe('validation.url_path');
    expect(v.VALIDATION_MESSAGES['validation.url_path']).toBe('Value is not a path');
  });

  it('email', () => {
    expect(v.email('desk@agency.com')).toBeNull();
    expect(v.email('desk@agency')).toBe('validation.email');
    expect(v.email('a b@c.com')).toBe('validation.email');
    expect(v.VALIDATION_MESSAGES['validation.email']).toBe('Value is not a email');
  });

  it('equality, minimum and maximum length', () => {
    expect(v.equals('abc')('abc')).toBeNull();
    expect(v.equals('abc')('abd')).toBe('validation.equality');
    expect(v.minLength(3)('ab')).toBe('validation.min_length');
    expect(v.minLength(3)('абв')).toBeNull();
    expect(v.maxLength(2)('abc')).toBe('validation.max_length');
  });

  it('Latin only and Latin with Cyrillic', () => {
    expect(v.latin('Hello, world 2026!')).toBeNull();
    expect(v.latin('Привет')).toBe('validation.latin');
    expect(v.latin('España')).toBe('validation.latin');
    expect(v.VALIDATION_MESSAGES['validation.latin']).toBe('Please use only English characters');
    expect(v.latinCyrillic('Привет, John')).toBeNull();
    expect(v.latinCyrillic('مرحبا')).toBe('validation.latin_cyrillic');
  });

  it('password: at least 8 characters with a letter and a digit, at most 128; complex is the same rule', () => {
    expect(v.password('abcdefg1')).toBeNull();
    expect(v.password('abcdef1')).toBe('validation.password');
    expect(v.password('abcdefgh')).toBe('validation.password');
    expect(v.password('12345678')).toBe('validation.password');
    expect(v.password(`a1${'x'.repeat(127)}`)).toBe('validation.password_too_long');
    expect(v.complex('пароль123')).toBeNull();
  });

  it('confirm must equal the other field and is never blank', () => {
    expect(v.confirm('abcdefg1')('abcdefg1')).toBeNull();
    expect(v.confirm('abcdefg1')('abcdefg2')).toBe('validation.confirm');
    expect(v.confirm('abcdefg1')('')).toBe('validation.confirm');
  });

  it('phone: optional plus, parentheses, digits, dashes, spaces, dots, slashes', () => {
    for (const ok of ['+7 (495) 123-45-67', '030/1234.5678', '0044 20 7946 0018']) expect(v.phone(ok)).toBeNull();
    for (const bad of ['phone', '+7 (495 123', '123', '++7 495 1234567', '7 495 123 45 67 ext 2'])
      expect(v.phone(bad)).toBe('validation.phone');
  });

  it('letters and digits, optionally with Cyrillic', () => {
    expect(v.lettersDigits('abc123')).toBeNull();
    expect(v.lettersDigits('abc 123')).toBe('validation.letters_digits');
    expect(v.lettersDigitsCyrillic('абв123')).toBeNull();
    expect(v.lettersDigitsCyrillic('абв-123')).toBe('validation.letters_digits_cyrillic');
  });

  it('IP: four dotted groups of 1 to 3 digits', () => {
    expect(v.ip('192.168.0.1')).toBeNull();
    expect(v.ip('192.168.0')).toBe('validation.ip');
    expect(v.ip('1.2.3.4444')).toBe('validation.ip');
    expect(v.ip('256.1.1.1')).toBe('validation.ip');
  });

  it('RTMP and SRT URLs', () => {
    expect(v.rtmp('rtmp://live.example.com/app/key')).toBeNull();
    expect(v.rtmp('rtmps://live.example.com:443/app')).toBeNull();
    expect(v.rtmp('http://live.example.com/app')).toBe('validation.rtmp');
    expect(v.srt('srt://203.0.113.5:9000')).toBeNull();
    expect(v.srt('rtmp://203.0.113.5:9000')).toBe('validation.srt');
  });

  it('one line: no control character, CR, LF, tab, DEL, C1 or line separator; any script is fine', () => {
    for (const bad of ['a\r\nBcc: x@y.z', 'a\nb', 'a\tb', 'a\u0000', 'a\u007f', 'a\u0085b', 'a\u2028b'])
      expect(v.singleLine(bad), JSON.stringify(bad)).toBe('validation.single_line');
    for (const good of ['Rheinland TV GmbH & Co. KG', 'قناة الأخبار', 'Новости', '', null]) expect(v.singleLine(good)).toBeNull();
    expect(v.zod.line(20).safeParse('  Acme  ').data).toBe('Acme');
    expect(v.zod.requiredText(20).safeParse('Acme\nBcc').error?.issues[0]?.message).toBe('validation.single_line');
  });

  it('shows the first failing message', () => {
    expect(v.firstError('', [v.required, v.email])).toBe('validation.required');
    expect(v.firstError('x', [v.required, v.email, v.minLength(5)])).toBe('validation.email');
    expect(v.firstError('desk@agency.com', [v.required, v.email])).toBeNull();
  });

  it('zod email lower-cases and trims; zod password applies the same rule', () => {
    expect(v.zod.email().parse('  Desk@Agency.COM ')).toBe('desk@agency.com');
    const failed = v.zod.password().safeParse('short1');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('validation.password');
  });
});
