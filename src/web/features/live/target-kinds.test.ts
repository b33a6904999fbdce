import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/locales.ts';
import { liveTargetInputSchema, TARGET_KINDS, TRANSCODER_PROVIDERS } from '../../../common/live.ts';
import { readCatalogue, textAt } from '../../../../scripts/catalogues.ts';

/**
 * The stream-target form (event-targets.tsx): its kind choice lists the transcoder providers, each
 * named by `live.target_{kind}`, and it checks the address with the shared contract before sending,
 * showing the message of the first failing check (spec: content §1, §5, §8).
 */
const formMessage = (target: Record<string, string>) => {
  const parsed = liveTargetInputSchema.safeParse(target);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

describe('the stream-target form', () => {
  it('offers facebook in its two kinds, base and api, each named in every language', () => {
    expect(TARGET_KINDS.filter((kind) => kind.startsWith('facebook'))).toEqual(['facebook', 'facebook_api']);
    for (const locale of LOCALES) {
      const catalogue = readCatalogue(locale);
      for (const kind of TARGET_KINDS) expect(textAt(catalogue, `live.target_${kind}`), `${locale} ${kind}`).toBeTruthy();
      expect(textAt(catalogue, 'live.targetHint_facebook_api'), locale).toBeTruthy();
    }
  });

  it('asks the api kind for the Live API stream URL alone, the key being part of it', () => {
    expect(TRANSCODER_PROVIDERS.find((provider) => provider.kind === 'facebook_api')?.needs).toEqual(['url']);
    expect(formMessage({ kind: 'facebook_api', url: 'rtmps://live-api-s.facebook.com:443/rtmp/FB-1-0-Ab?s_bl=1' })).toBeNull();
    expect(formMessage({ kind: 'facebook_api', url: 'rtmps://live-api-s.facebook.com:443/rtmp/' })).toBe('validation.stream_url');
    expect(formMessage({ kind: 'facebook', url: 'rtmps://live-api-s.facebook.com:443/rtmp/' })).toBe('validation.required');
  });

  it('says "Invalid URI", translated, for an address of the right shape that is no URI', () => {
    expect(formMessage({ kind: 'youtube', url: 'rtmp://a.rtmp.youtube.com:70000/live2', stream_key: 'k' })).toBe('validation.uri');
    expect(formMessage({ kind: 'srt', url: 'srt://ingest.example.net:99999' })).toBe('validation.uri');
    expect(textAt(readCatalogue('en'), 'validation.uri')).toBe('Invalid URI');
    for (const locale of LOCALES) expect(textAt(readCatalogue(locale), 'validation.stream_url'), locale).toBeTruthy();
  });
});
