import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../common/errors.ts';
import { PASSWORD } from './factories.ts';

/** Cookie jar for app.inject: keeps what the server sets, sends it back. */
export class Browser {
  private jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly defaults: { ip?: string; origin?: string } = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string) {
    this.jar.set(name, value);
  }

  async request(options: InjectOptions & { ip?: string }): Promise<LightMyRequestResponse> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (cookie) headers.cookie = cookie;
    if (this.defaults.origin && !headers.origin) headers.origin = this.defaults.origin;
    const response = await this.app.inject({ ...options, headers, remoteAddress: options.ip ?? this.defaults.ip ?? '127.0.0.1' });
    for (const set of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() < Date.now() - 1000);
      if (expired || set.value === '') this.jar.delete(set.name);
      else this.jar.set(set.name, set.value);
    }
    return response;
  }

  get(url: string, extra: Partial<InjectOptions> & { ip?: string } = {}) {
    return this.request({ method: 'GET', url, ...extra });
  }
  post(url: string, payload?: unknown, extra: Partial<InjectOptions> & { ip?: string } = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...extra });
  }
  patch(url: string, payload?: unknown, extra: Partial<InjectOptions> & { ip?: string } = {}) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], ...extra });
  }
  put(url: string, payload?: unknown, extra: Partial<InjectOptions> & { ip?: string } = {}) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], ...extra });
  }
  delete(url: string, extra: Partial<InjectOptions> & { ip?: string } = {}) {
    return this.request({ method: 'DELETE', url, ...extra });
  }

  signIn(email: string, password = PASSWORD, extra: { ip?: string } = {}) {
    return this.post('/users/sign_in.json', { user: { email, password } }, extra);
  }
}

/** The codes of an error answer. */
export function codes(response: LightMyRequestResponse): string[] {
  return errorBodySchema.parse(response.json()).errors.map((error) => error.code);
}

export function errors(response: LightMyRequestResponse) {
  return errorBodySchema.parse(response.json()).errors;
}

const mailSchema = z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), created_at: z.string() }));
export type Mail = z.infer<typeof mailSchema>[number];

/** The embedded outbox, newest first (GET /dev/mailbox.json). */
export async function mailbox(app: FastifyInstance): Promise<Mail[]> {
  return mailSchema.parse((await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json());
}

export async function lastMailTo(app: FastifyInstance, to: string): Promise<Mail> {
  const mail = (await mailbox(app)).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The value of a query parameter in the first link of a mail's text part. */
export function linkParam(mail: Mail, name: string): string {
  const match = new RegExp(`[?&]${name}=([^\\s&]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${name} in mail "${mail.subject}"`);
  return match[1];
}
