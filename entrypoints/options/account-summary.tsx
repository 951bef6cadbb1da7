import { withValue } from '@/components/with-value';
import type { Account } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { formatDate } from '@/lib/present/dates';

/** The account a profile's key belongs to: who, and the plan with its end date. */
export function AccountSummary({ account }: { account: Account }) {
  const who = account.username || account.email || t('options_account_unnamed');
  const plan = account.status || t('options_plan_not_shown');
  return (
    <section class="account" aria-label={t('options_account_label')}>
      <p>
        {withValue('options_connected_as', who, (name) => (
          <strong dir="auto">{name}</strong>
        ))}
        {account.username && account.email && (
          <span class="muted">
            {' · '}
            <span dir="ltr">{account.email}</span>
          </span>
        )}
      </p>
      <p class="muted">
        {account.expires
          ? t('options_plan_expires', plan, formatDate(account.expires, { withTime: false }))
          : t('options_plan', plan)}
      </p>
    </section>
  );
}
