import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  CAREER_APPLICATION_TOLD_STATES,
  type CareerApplicationChange,
  type DeskCareerApplication,
} from '../../../../common/desk-careers.ts';
import { CAREER_APPLICATION_MOVES, type CareerApplicationState } from '../../../../common/desk-inbox.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { InboxControls } from '../inbox/inbox-controls.tsx';

/** A file's size as people read it (kB up to a megabyte). */
function sizeText(bytes: number, locale: string): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / 1024 / 1024 : Math.max(1, bytes / 1024));
}

/** One application in the inbox: who applied for what, what they wrote, their files, and the desk's controls. */
export function ApplicationCard({
  application,
  onChange,
}: {
  application: DeskCareerApplication;
  onChange: (change: CareerApplicationChange) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(application.created_at),
  );
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  const name = `${application.first_name} ${application.last_name}`;
  return (
    <li className="desk-careers__card" data-testid="career-application" data-id={application.id} data-state={application.state}>
      <header className="desk-careers__card-head">
        <h2 data-testid="career-application-name">
          <bdi>{name}</bdi>
        </h2>
        <p>
          <span lang="en" dir="ltr">
            {application.vacancy_title}
          </span>
          {' · '}
          <time dateTime={application.created_at}>{when}</time>
        </p>
      </header>
      <dl className="desk-careers__facts">
        {fact(
          t('deskCareers.application.email'),
          <a href={`mailto:${application.email}`} dir="ltr">
            {application.email}
          </a>,
          'career-application-email',
        )}
        {fact(t('deskCareers.application.phone'), <bdi dir="ltr">{application.phone}</bdi>)}
        {fact(t('deskCareers.application.location'), <bdi>{application.location}</bdi>)}
        {fact(t('deskCareers.application.birthday'), <bdi dir="ltr">{application.birthday}</bdi>)}
        {fact(t('deskCareers.application.gender'), t(`deskCareers.genders.${application.gender}`))}
        {fact(t('deskCareers.application.salary'), <bdi>{application.salary_expectations || '—'}</bdi>)}
        {fact(t('deskCareers.application.language'), t(`deskCareers.languages.${application.locale}`), 'career-application-language')}
      </dl>
      {application.comment ? (
        <p className="desk-careers__comment" dir="auto">
          {application.comment}
        </p>
      ) : null}
      <ul className="desk-careers__files" aria-label={t('deskCareers.application.files')}>
        {application.files.map((file) => (
          <li key={file.id}>
            <a href={file.url} download={file.name} data-testid="career-application-file">
              <bdi>{file.name}</bdi>
            </a>{' '}
            <span className="desk-careers__hint">
              {file.type.toUpperCase()}, <bdi dir="ltr">{sizeText(file.size, locale)}</bdi>
            </span>
          </li>
        ))}
      </ul>
      <InboxControls<CareerApplicationState>
        state={application.state}
        moves={CAREER_APPLICATION_MOVES}
        stateLabel={(state) => t(`deskCareers.states.${state}`)}
        assignee={application.assignee}
        deskNote={application.desk_note}
        toldStates={CAREER_APPLICATION_TOLD_STATES}
        onChange={onChange}
        testId={`career-application-${application.id}`}
      />
    </li>
  );
}
