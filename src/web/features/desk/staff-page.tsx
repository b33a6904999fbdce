import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { DESK_ROLES, type DeskRole } from '../../../common/desk-roles.ts';
import type { StaffMember } from '../../../common/desk.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { DESK_KEYS, deskApi } from './api.ts';

/** /{locale}/desk/staff (admin role): every admin and the desk roles they hold, changed one tick at a time. */
export function StaffPage() {
  const { t, i18n } = useTranslation();
  const staff = useQuery({ queryKey: DESK_KEYS.staff, queryFn: ({ signal }) => deskApi.staff(signal) });
  if (staff.isPending) return <LoadingFallback label={t('common.loading')} />;
  if (staff.isError) throw staff.error;
  return (
    <section className="desk-staff" data-testid="desk-staff">
      <h1>{t('desk.menu.staff')}</h1>
      <p className="desk__lead">{t('desk.staff.lead')}</p>
      <div className="desk-table__scroll">
        <table className="desk-table">
          <thead>
            <tr>
              <th scope="col">{t('desk.staff.person')}</th>
              <th scope="col">{t('desk.staff.lastSignIn')}</th>
              {DESK_ROLES.map((role) => (
                <th key={role} scope="col">
                  {t(`desk.roles.${role}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {staff.data.staff.map((member) => (
              <StaffRow key={member.id} member={member} locale={i18n.language} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StaffRow({ member, locale }: { member: StaffMember; locale: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (roles: DeskRole[]) => deskApi.setRoles(member.id, roles),
    onSuccess: (saved) => {
      client.setQueryData<{ staff: StaffMember[] }>(DESK_KEYS.staff, (old) =>
        old ? { staff: old.staff.map((row) => (row.id === saved.id ? saved : row)) } : old,
      );
      notifications.notify({ type: 'success', children: t('desk.staff.saved', { email: saved.email }) });
    },
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  const toggle = (role: DeskRole, on: boolean) =>
    change.mutate(on ? [...member.desk_roles, role] : member.desk_roles.filter((held) => held !== role));
  const name = `${member.first_name} ${member.last_name}`.trim();
  return (
    <tr data-testid={`staff-${member.email}`}>
      <th scope="row">
        <span className="desk-staff__name">{name || member.email}</span>
        <span className="desk-staff__email">{member.email}</span>
      </th>
      <td>{member.last_sign_in_at ? new Date(member.last_sign_in_at).toLocaleString(locale) : t('desk.staff.never')}</td>
      {DESK_ROLES.map((role) => (
        <td key={role}>
          <Checkbox
            checked={member.desk_roles.includes(role)}
            disabled={change.isPending}
            onCheckedChange={(on) => toggle(role, on)}
            // The column says the role; the label names person and role for screen readers.
            label={
              <span className="visually-hidden">
                {t('desk.staff.roleOf', { role: t(`desk.roles.${role}`), name: name || member.email })}
              </span>
            }
            testId={`role-${member.email}-${role}`}
          />
        </td>
      ))}
    </tr>
  );
}
