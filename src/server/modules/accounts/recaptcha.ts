import { Unavailable } from '../../http/errors.ts';

/** Checks a reCAPTCHA answer (spec: accounts §7 recaptcha_verifications). */
export type RecaptchaVerifier = { verify(response: string, remoteIp: string): Promise<{ success: boolean; skipped: boolean }> };

/** The embedded default: no third party to ask, so every answer passes, marked as skipped. */
export const skippedRecaptcha: RecaptchaVerifier = { verify: async () => ({ success: true, skipped: true }) };

/** Asks the verification service (Google's siteverify API, or any peer speaking it). */
export function recaptchaClient(options: { secret: string; verifyUrl: string; fetch?: typeof fetch }): RecaptchaVerifier {
  const doFetch = options.fetch ?? fetch;
  return {
    async verify(response, remoteIp) {
      let answer: Response;
      try {
        answer = await doFetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: options.secret, response, remoteip: remoteIp }),
          signal: AbortSignal.timeout(5000),
        });
      } catch {
        throw new Unavailable({ code: 'recaptcha_unavailable', message: 'The captcha service does not answer' });
      }
      if (!answer.ok) throw new Unavailable({ code: 'recaptcha_unavailable', message: 'The captcha service does not answer' });
      const body = (await answer.json()) as { success?: unknown };
      return { success: body.success === true, skipped: false };
    },
  };
}
