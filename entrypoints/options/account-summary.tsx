import type { ComponentChildren } from 'preact';
import type { Account } from '@/lib/api/schemas';
import { type MessageKey, t } from '@/lib/i18n';
import { formatDate } from '@/lib/present/dates';

/** Stands in for a value in a message, so the value can be put in markup where the language placed it. */
const SLOT = '\u0001';

/** A translated sentence with `value` (shown as `wrap` makes it) where the message puts `$1`. */
function withValue(key: MessageKey, value: string, wrap: (value: string) => ComponentChildren) {
  const [before = '', after = ''] = t(key, SLOT).split(SLOT);
  return (
    <>
      {before}
      {wrap(value)}
      {after}
    </>
  );
}

/** The account a profile's key belongs to: who, and the plan with its end date. */
export function AccountSummary({ account }: { account: Account }) {
  const who = account.username || account.email || t('options_account_unnamed');
  const plan = account.status || t('options_plan_not_shown');
  return (
    <section class="account" aria-label={t('options_account_label')}>
      <p>
        {withValue('options_connected_as', who, (name) => (
          <strong>{name}</strong>
        ))}
        {account.username && account.email && <span class="muted"> · {account.email}</span>}
      </p>
      <p class="muted">
        {account.expires
          ? t('options_plan_expires', plan, formatDate(account.expires, { withTime: false }))
          : t('options_plan', plan)}
      </p>
    </section>
  );
}
