import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useNavigate, useParams } from 'react-router';
import type { Company, CompanyMember } from '../../../common/company.ts';
import { LINKS } from '../../../common/routes.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { COMPANY_KEYS, companyApi } from './api.ts';
import { LimitEditor } from './limit-editor.tsx';
import { MemberDetailsForm } from './member-details-form.tsx';
import { NotTheMaster } from './not-the-master.tsx';
import { formatMoment, limitKinds, memberName, useTeam } from './team-view.ts';
import './company.css';

/**
 * /{locale}/user/members/{id} (spec: accounts §2 member detail, §4 Members): the member's details
 * and last sign-in, their edit form, activate or deactivate (a deactivated member is signed out at
 * once and cannot sign in), remove from the company, and their limits. Another company's member,
 * or no member, is not found.
 */
export function MemberPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const team = useTeam();
  const member = team.company ? findMember(team.company, Number(id)) : undefined;
  useScreenMeta(member ? memberName(member) : undefined);
  if (team.failure) throw team.failure;
  if (team.forbidden) return <NotTheMaster />;
  if (team.loading) return <LoadingFallback label={t('common.loading')} />;
  if (!team.company || !member) return <NotFoundPage />;
  return <MemberView company={team.company} member={member} userId={team.userId} />;
}

const findMember = (company: Company, id: number) => [...company.members, ...company.deactivated_members].find((m) => m.id === id);

function MemberView({ company, member, userId }: { company: Company; member: CompanyMember; userId: number | null }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<'deactivate' | 'remove' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: COMPANY_KEYS.company(userId) });
  const activation = useMutation({
    mutationFn: (active: boolean) => companyApi.change(member.id, { active }),
    onSuccess: async () => {
      setConfirm(null);
      await refresh();
    },
  });
  const removal = useMutation({
    mutationFn: () => companyApi.remove(member.id),
    onSuccess: async () => {
      await refresh();
      await navigate(`/${locale}${LINKS.members}`);
    },
  });
  const isMaster = member.role === 'master';
  const failure = activation.error ?? removal.error;

  return (
    <div className="page team-page" data-testid="member-page">
      <p className="team-page__back">
        <Link to={`/${locale}${LINKS.members}`}>{t('team.backToMembers')}</Link>
      </p>
      <h1>{memberName(member)}</h1>
      <dl className="team-facts">
        <div>
          <dt>{t('team.email')}</dt>
          <dd>
            <bdi>{member.email}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('team.status')}</dt>
          <dd data-testid="member-status">{isMaster ? t('team.master') : member.active ? t('team.active') : t('team.deactivatedBadge')}</dd>
        </div>
        <div>
          <dt>{t('team.lastSignIn')}</dt>
          <dd>{member.last_login ? formatMoment(member.last_login, locale) : t('team.never')}</dd>
        </div>
      </dl>

      <MemberDetailsForm member={member} onSaved={refresh} />

      {isMaster ? null : (
        <section className="team-section" aria-labelledby="member-access">
          <h2 id="member-access">{t('team.access')}</h2>
          <div className="form__actions">
            {member.active ? (
              <Button variant="secondary" onClick={() => setConfirm('deactivate')} data-testid="member-deactivate">
                {t('team.deactivate')}
              </Button>
            ) : (
              <Button loading={activation.isPending} onClick={() => activation.mutate(true)} data-testid="member-activate">
                {t('team.activate')}
              </Button>
            )}
            <Button variant="red" onClick={() => setConfirm('remove')} data-testid="member-remove">
              {t('team.removeMember')}
            </Button>
          </div>
          <FormErrors messages={failure ? [errorText(failure, translateIfExists)] : []} testId="member-errors" />
        </section>
      )}

      {isMaster ? null : (
        <section className="team-section" aria-labelledby="member-limits" data-testid="member-limits">
          <h2 id="member-limits">{t('profileMenu.userLimits')}</h2>
          <div className="team-limits">
            {limitKinds(company).map((kind) => (
              <div key={kind} className="team-limits__kind">
                <h3>{t(`team.kinds.${kind}`)}</h3>
                <LimitEditor
                  userId={userId}
                  memberId={member.id}
                  memberName={memberName(member)}
                  kind={kind}
                  limit={company.user_limits.find((row) => row.user_id === member.id && row.kind === kind)}
                  testId="limit"
                />
              </div>
            ))}
          </div>
        </section>
      )}

      {confirm ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : setConfirm(null))}
          title={confirm === 'remove' ? t('team.removeTitle') : t('team.deactivateTitle')}
          size="small"
          testId="member-confirm"
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirm(null)} data-testid="member-confirm-cancel">
                {t('team.cancel')}
              </Button>
              <Button
                variant="red"
                loading={activation.isPending || removal.isPending}
                onClick={() => (confirm === 'remove' ? removal.mutate() : activation.mutate(false))}
                data-testid="member-confirm-ok"
              >
                {confirm === 'remove' ? t('team.removeMember') : t('team.deactivate')}
              </Button>
            </>
          }
        >
          <p>{t(confirm === 'remove' ? 'team.removeText' : 'team.deactivateText', { name: memberName(member) })}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
