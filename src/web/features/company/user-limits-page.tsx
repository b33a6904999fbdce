import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { LimitEditor } from './limit-editor.tsx';
import { NotTheMaster } from './not-the-master.tsx';
import { limitedMembers, limitKinds, memberName, useTeam } from './team-view.ts';
import './company.css';

/**
 * /{locale}/user/user-limits (spec: accounts §2 User limits, §5): every member × every content kind
 * the agreements have, with what each used this month and their limit, edited in place. Above, what
 * the company's agreements have left of each kind.
 */
export function UserLimitsPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const team = useTeam();
  if (team.failure) throw team.failure;
  if (team.forbidden) return <NotTheMaster />;
  if (team.loading) return <LoadingFallback label={t('common.loading')} />;
  const company = team.company;
  const kinds = company ? limitKinds(company) : [];
  const members = company ? limitedMembers(company) : [];
  return (
    <div className="page team-page" data-testid="user-limits-page">
      <h1>{t('profileMenu.userLimits')}</h1>
      <p className="team-page__lead">{t('team.limitsLead')}</p>
      {company ? (
        <dl className="team-available" data-testid="available">
          {kinds.map((kind) => (
            <div key={kind} data-kind={kind}>
              <dt>{t(`team.kinds.${kind}`)}</dt>
              <dd>{company.available[kind] == null ? t('team.unlimited') : t('team.available', { count: company.available[kind] })}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {!company || members.length === 0 ? (
        <p className="team-section__empty" data-testid="user-limits-empty">
          {t('team.noMembersForLimits')} <Link to={`/${locale}${LINKS.members}`}>{t('profileMenu.members')}</Link>
        </p>
      ) : (
        <div className="team-table-scroll">
          <table className="team-table team-table--limits">
            <thead>
              <tr>
                <th scope="col">{t('team.name')}</th>
                {kinds.map((kind) => (
                  <th key={kind} scope="col">
                    {t(`team.kinds.${kind}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id} data-testid="limits-row" data-member={member.id}>
                  <th scope="row">
                    <Link to={`/${locale}${LINKS.member(member.id)}`}>{memberName(member)}</Link>
                    {member.active ? null : <span className="team-badge">{t('team.deactivatedBadge')}</span>}
                  </th>
                  {kinds.map((kind) => (
                    <td key={kind}>
                      <LimitEditor
                        userId={team.userId}
                        memberId={member.id}
                        memberName={memberName(member)}
                        kind={kind}
                        limit={company.user_limits.find((row) => row.user_id === member.id && row.kind === kind)}
                        testId="limit"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
