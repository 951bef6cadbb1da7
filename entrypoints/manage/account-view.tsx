/** #/account: the account's details, and forms that change its email or password. */
import { useEffect, useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { TextField } from '@/components/fields';
import { useStatus } from '@/components/use-status';
import type { Account } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { formatDate } from '@/lib/present/dates';
import { fixInOptions } from '@/lib/present/errors';
import { activeProfile } from '@/lib/settings/schema';
import { settingsItem, watchItem } from '@/lib/storage/items';
import { TEXT_LIMITS } from '@/lib/text-limits';
import { ownServerSrc } from '@/lib/url/rules';
import { useApi, useServerCache } from './api-context';
import { type Loaded, useAction, useCached } from './hooks';
import { ActionButton, LoadState, StatusMessage } from './ui';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email form, started with the current email; `onChanged` gets the new one once saved. */
function ChangeEmail({ current, onChanged }: { current: string; onChanged: (email: string) => void }) {
  const api = useApi();
  const [email, setEmail] = useState(current);
  const [error, setError] = useState<string>();
  const [done, setDone] = useStatus();
  const save = useAction((value: string) => api('updateAccount', { email: value }));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setError(t('manage_account_email_invalid'));
      return;
    }
    if (value === current) {
      setError(t('manage_account_email_unchanged'));
      return;
    }
    setError(undefined);
    const result = await save.run(value);
    if (!result?.ok) return;
    setDone(t('manage_account_email_changed'));
    onChanged(value);
  };
  return (
    <form class="card" onSubmit={onSubmit} aria-labelledby="email-heading" aria-busy={save.busy} noValidate>
      <h2 id="email-heading">{t('manage_account_email_heading')}</h2>
      <TextField
        label={t('manage_account_new_email_label')}
        type="email"
        autoComplete="email"
        maxLength={TEXT_LIMITS.email}
        value={email}
        onValue={setEmail}
        error={error}
      />
      <div class="actions">
        <ActionButton type="submit" class="primary" busy={save.busy} busyLabel={t('manage_busy_saving')}>
          {t('manage_account_email_button')}
        </ActionButton>
      </div>
      <ErrorMessage error={save.error} />
      <StatusMessage text={done} />
    </form>
  );
}

function ChangePassword() {
  const api = useApi();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [done, setDone] = useStatus();
  const save = useAction((value: string) => api('updateAccount', { password: value }));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    const found: typeof errors = {};
    if (password === '') found.password = t('manage_account_password_required');
    else if (confirm !== password) found.confirm = t('manage_account_password_mismatch');
    setErrors(found);
    if (found.password || found.confirm) return;
    const result = await save.run(password);
    if (!result?.ok) return;
    setPassword('');
    setConfirm('');
    setDone(t('manage_account_password_changed'));
  };
  return (
    <form
      class="card"
      onSubmit={onSubmit}
      aria-labelledby="password-heading"
      aria-busy={save.busy}
      noValidate
    >
      <h2 id="password-heading">{t('manage_account_password_heading')}</h2>
      <TextField
        label={t('manage_account_new_password_label')}
        type="password"
        autoComplete="new-password"
        maxLength={TEXT_LIMITS.password}
        value={password}
        onValue={setPassword}
        error={errors.password}
      />
      <TextField
        label={t('manage_account_confirm_password_label')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValue={setConfirm}
        error={errors.confirm}
      />
      <div class="actions">
        <ActionButton type="submit" class="primary" busy={save.busy} busyLabel={t('manage_busy_saving')}>
          {t('manage_account_password_button')}
        </ActionButton>
      </div>
      <ErrorMessage error={save.error} />
      <StatusMessage text={done} />
    </form>
  );
}

/**
 * The account, kept for the page's life. Its error also says whether a server is connected at all
 * (fixInOptions), for a view that has nothing else to load before showing a form.
 */
export function useAccount(): Loaded<Account> {
  return useCached('getAccount', []);
}

/** The active profile's server address, as stored (undefined until read, or with none). */
function useServerUrl(): string | undefined {
  const [serverUrl, setServerUrl] = useState<string>();
  useEffect(
    () => watchItem(settingsItem, (settings) => setServerUrl(activeProfile(settings)?.serverUrl)),
    [],
  );
  return serverUrl;
}

/** The account page. */
export function AccountView() {
  const cache = useServerCache();
  const account = useAccount();
  const serverUrl = useServerUrl();
  const { data } = account;
  // Loaded only from the profile's own server: elsewhere it would tell a third party who opened the page.
  const avatar = data ? ownServerSrc(data.avatar, serverUrl) : undefined;
  return (
    <section aria-labelledby="account-heading">
      <h1 id="account-heading">{t('manage_account_heading')}</h1>
      <LoadState loading={account.loading && !data} error={account.error} onRetry={account.reload} />
      {data && (
        <div class="card account">
          {avatar && (
            <img
              class="avatar"
              src={avatar}
              alt=""
              width={64}
              height={64}
              referrerpolicy="no-referrer"
              // An avatar that fails to load is decoration, not an error: hide the broken-image icon.
              onError={(event) => {
                event.currentTarget.hidden = true;
              }}
            />
          )}
          <dl class="props">
            <dt>{t('manage_account_username_label')}</dt>
            <dd>{data.username || '—'}</dd>
            <dt>{t('manage_account_email_label')}</dt>
            <dd>{data.email ? <span dir="ltr">{data.email}</span> : '—'}</dd>
            {!avatar && data.avatar && (
              <>
                <dt>{t('manage_account_avatar_label')}</dt>
                <dd>{data.avatar}</dd>
              </>
            )}
            <dt>{t('manage_account_plan_label')}</dt>
            <dd>{data.status || '—'}</dd>
            <dt>{t('manage_account_plan_expires_label')}</dt>
            <dd>{data.expires ? formatDate(data.expires) : '—'}</dd>
            <dt>{t('manage_account_registered_label')}</dt>
            <dd>{data.registered ? formatDate(data.registered) : '—'}</dd>
          </dl>
        </div>
      )}
      {/* Without a working profile the forms could only fail: the prompt to connect stands alone. */}
      {!fixInOptions(account.error) && (
        <>
          {/* Keyed by the email, so the form starts again with it once the account has loaded. */}
          <ChangeEmail
            key={data?.email}
            current={data?.email ?? ''}
            onChanged={(email) => cache.change('getAccount', (known) => ({ ...known, email }))}
          />
          <ChangePassword />
        </>
      )}
    </section>
  );
}
