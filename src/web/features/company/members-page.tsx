import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { CompanyMember, Invitation } from '../../../common/company.ts';
import { LINKS } from '../../../common/routes.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { COMPANY_KEYS, companyApi } from './api.ts';
import { InviteForm } from './invite-form.tsx';
import { NotTheMaster } from './not-the-master.tsx';
import { formatMoment, memberName, useTeam } from './team-view.ts';
import './company.css';

/**
 * /{locale}/user/members (spec: accounts §2 Members, §4 Invitations and Members): the invite form,
 * the invitations not yet taken up (resend, remove), the members and the deactivated members, each
 * leading to the member's page. Only the company's master runs it (spec §6).
 */
export function MembersPage() {
  const { t } = useTranslation();
  const team = useTeam();
  if (team.failure) throw team.failure;
  if (team.forbidden) return <NotTheMaster />;
  if (team.loading) return <LoadingFallback label={t('common.loading')} />;
  const company = team.company;
  const members = company?.members ?? [];
  const limit = company?.member_accounts_limit ?? null;
  const accounts = members.filter((m) => m.role !== 'master').length + (company?.deactivated_members.length ?? 0);
  const taken = accounts + (company?.not_confirmed_members.length ?? 0);
  return (
    <div className="page team-page" data-testid="members-page">
      <h1>{t('profileMenu.members')}</h1>
      <p className="team-page__lead">{company ? t('team.lead', { company: company.name }) : t('team.leadNoTeam')}</p>

      <section className="team-section" aria-labelledby="team-invite">
        <h2 id="team-invite">{t('team.invite')}</h2>
        {limit !== null ? (
          <p className="team-section__note" data-testid="member-accounts">
            {t('team.accounts', { count: limit, used: taken })}
          </p>
        ) : null}
        <InviteForm userId={team.userId} limit={limit} />
      </section>

      <Invitations invitations={company?.not_confirmed_members ?? []} userId={team.userId} />
      <MemberTable title={t('team.members')} members={members} testId="members" empty={t('team.noMembers')} />
      <MemberTable
        title={t('team.deactivated')}
        members={company?.deactivated_members ?? []}
        testId="deactivated-members"
        empty={t('team.noDeactivated')}
      />
    </div>
  );
}

function Invitations({ invitations, userId }: { invitations: Invitation[]; userId: number | null }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: COMPANY_KEYS.company(userId) });
  const resend = useMutation({
    mutationFn: (id: number) => companyApi.change(id, { resend_invitation: true }),
    onSuccess: async () => {
      notifications.notify({ type: 'success', children: t('alert.flash.invitation_send') });
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => companyApi.remove(id), onSuccess: refresh });
  const failure = resend.error ?? remove.error;
  return (
    <section className="team-section" aria-labelledby="team-invitations" data-testid="invitations">
      <h2 id="team-invitations">{t('team.invitations')}</h2>
      {invitations.length === 0 ? (
        <p className="team-section__empty">{t('team.noInvitations')}</p>
      ) : (
        <div className="team-table-scroll">
          <table className="team-table">
            <thead>
              <tr>
                <th scope="col">{t('team.email')}</th>
                <th scope="col">{t('team.sentAt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('team.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.id} data-testid="invitation">
                  <td>
                    <bdi>{invitation.email}</bdi>
                  </td>
                  <td>{formatMoment(invitation.sent_at, locale)}</td>
                  <td className="team-table__actions">
                    <Button
                      variant="secondary"
                      size="small"
                      loading={resend.isPending && resend.variables === invitation.id}
                      onClick={() => resend.mutate(invitation.id)}
                      data-testid="invitation-resend"
                    >
                      {t('team.resend')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="small"
                      loading={remove.isPending && remove.variables === invitation.id}
                      onClick={() => remove.mutate(invitation.id)}
                      data-testid="invitation-remove"
                    >
                      {t('team.remove')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormErrors messages={failure ? [errorText(failure, translateIfExists)] : []} testId="invitation-errors" />
    </section>
  );
}

function MemberTable({ title, members, testId, empty }: { title: string; members: CompanyMember[]; testId: string; empty: string }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  return (
    <section className="team-section" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      {members.length === 0 ? (
        <p className="team-section__empty">{empty}</p>
      ) : (
        <div className="team-table-scroll">
          <table className="team-table">
            <thead>
              <tr>
                <th scope="col">{t('team.name')}</th>
                <th scope="col">{t('team.email')}</th>
                <th scope="col">{t('team.lastSignIn')}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id} data-testid="member">
                  <td>
                    <Link to={`/${locale}${LINKS.member(member.id)}`} data-testid="member-link">
                      {memberName(member)}
                    </Link>
                    {member.role === 'master' ? <span className="team-badge">{t('team.master')}</span> : null}
                  </td>
                  <td>
                    <bdi>{member.email}</bdi>
                  </td>
                  <td>{member.last_login ? formatMoment(member.last_login, locale) : t('team.never')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
