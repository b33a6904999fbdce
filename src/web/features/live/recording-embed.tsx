import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Trans } from '../../ui/trans.tsx';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { formatPublished } from '../catalogue/format.ts';
import { liveApi } from './api.ts';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Embedding a recording (spec: content §7 "recordings/{id}/embed"): the privacy policy accepted, the
 * server answers a player on a signed link valid a day, shown as HTML to copy. Whether the policy is
 * accepted, and whether the user may watch the event, is the server's to say; its refusal is shown
 * in the dialog.
 */
export function RecordingEmbedDialog({ recording, onClose }: { recording: { id: number; title: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const codeId = useId();
  const code = useRef<HTMLTextAreaElement>(null);
  const [privacyAccepted, setPrivacyAccepted] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  const embed = useMutation({ mutationFn: () => liveApi.embedRecording(recording.id, privacyAccepted) });

  const copyCode = (html: string) => {
    // The clipboard may be refused (an insecure origin, a browser's policy): the code is then
    // selected for the reader to copy with the keyboard, and the dialog says so.
    code.current?.select();
    navigator.clipboard.writeText(html).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  const footer = embed.data ? (
    <>
      <Button variant="secondary" onClick={onClose} data-testid="embed-close">
        {t('common.close')}
      </Button>
      <Button onClick={() => embed.data && copyCode(embed.data.embed_html)} data-testid="embed-copy">
        {copy === 'copied' ? t('live.copied') : t('live.copy')}
      </Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose} data-testid="embed-cancel">
        {t('live.cancel')}
      </Button>
      <Button loading={embed.isPending} onClick={() => embed.mutate()} data-testid="embed-submit">
        {t('live.getEmbedCode')}
      </Button>
    </>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('live.embedTitle')}
      description={t('live.embedLead', { title: recording.title })}
      size="medium"
      testId="embed-dialog"
      footer={footer}
    >
      {embed.data ? (
        <div className="recording-embed">
          <label className="recording-embed__label" htmlFor={codeId}>
            {t('live.embedCode')}
          </label>
          {/* HTML reads left to right whatever the page's language. */}
          <textarea
            ref={code}
            id={codeId}
            className="recording-embed__code"
            dir="ltr"
            readOnly
            rows={7}
            value={embed.data.embed_html}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="embed-code"
          />
          <p className="recording-embed__note">
            {t('live.embedExpires', { date: formatPublished(embed.data.expires_at, locale, timeZone) })}
          </p>
          {copy === 'failed' ? (
            <p className="recording-embed__note" role="alert" data-testid="embed-copy-failed">
              {t('live.copyFailed')}
            </p>
          ) : (
            <p className="visually-hidden" role="status">
              {copy === 'copied' ? t('live.copied') : ''}
            </p>
          )}
        </div>
      ) : (
        <div className="recording-embed">
          <Checkbox
            checked={privacyAccepted}
            onCheckedChange={setPrivacyAccepted}
            testId="embed-privacy"
            label={
              <Trans
                i18nKey="live.embedPrivacy"
                components={{ privacy: <Link to={`/${locale}${LINKS.privacyPolicy}`} target="_blank" /> }}
              />
            }
          />
          <FormErrors messages={embed.error ? [errorText(embed.error, translateIfExists)] : []} testId="embed-errors" />
        </div>
      )}
    </Dialog>
  );
}
