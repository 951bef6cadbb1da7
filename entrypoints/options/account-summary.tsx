import { withValue } from '@/components/with-value';
import type { Account } from '@/lib/api/schemas';
import { t, uiLanguage } from '@/lib/i18n';

/** The plan's end date (the server sends `2032-01-31 00:00:00`) in the user's language. */
function formatExpiry(expires: string): string {
  const day = expires.slice(0, 10);
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium' }).format(date);
}

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
          ? t('options_plan_expires', plan, formatExpiry(account.expires))
          : t('options_plan', plan)}
      </p>
    </section>
  );
}
