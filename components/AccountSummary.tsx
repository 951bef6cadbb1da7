import type { Account } from '@/lib/api/schemas';

/** The account a profile's key belongs to: who, and the plan with its end date. */
export function AccountSummary({ account }: { account: Account }) {
  const who = account.username || account.email;
  return (
    <section class="account" aria-label="Account">
      <p>
        Connected as <strong>{who || 'this key’s account'}</strong>
        {account.username && account.email && <span class="muted"> · {account.email}</span>}
      </p>
      <p class="muted">
        Plan: {account.status || 'not shown'}
        {account.expires && ` · expires ${account.expires.slice(0, 10)}`}
      </p>
    </section>
  );
}
