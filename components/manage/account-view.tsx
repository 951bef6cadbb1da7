/** #/account: the account's details, and forms that change its email or password. */
import { useState } from 'preact/hooks';
import { safeHref } from '@/lib/url';
import { useApi } from './api-context';
import { useAction, useLoad } from './hooks';
import { ErrorMessage, LoadState, StatusMessage, TextField } from './ui';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function ChangeEmail({ current, onChanged }: { current: string; onChanged: () => void }) {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const save = useAction((value: string) => api('updateAccount', { email: value }));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setError('Enter a valid email address.');
      return;
    }
    if (value === current) {
      setError('This is already the account’s email.');
      return;
    }
    setError(undefined);
    const result = await save.run(value);
    if (!result?.ok) return;
    setEmail('');
    setDone('Email changed.');
    onChanged();
  };
  return (
    <form class="card" onSubmit={onSubmit} aria-labelledby="email-heading" noValidate>
      <h2 id="email-heading">Change email</h2>
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        value={email}
        onValue={setEmail}
        error={error}
      />
      <div class="actions">
        <button type="submit" class="primary" disabled={save.busy}>
          Change email
        </button>
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
  const [done, setDone] = useState<string>();
  const save = useAction((value: string) => api('updateAccount', { password: value }));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setDone(undefined);
    const found: typeof errors = {};
    if (password === '') found.password = 'Enter the new password.';
    else if (confirm !== password) found.confirm = 'The passwords do not match.';
    setErrors(found);
    if (found.password || found.confirm) return;
    const result = await save.run(password);
    if (!result?.ok) return;
    setPassword('');
    setConfirm('');
    setDone('Password changed.');
  };
  return (
    <form class="card" onSubmit={onSubmit} aria-labelledby="password-heading" noValidate>
      <h2 id="password-heading">Change password</h2>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onValue={setPassword}
        error={errors.password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValue={setConfirm}
        error={errors.confirm}
      />
      <div class="actions">
        <button type="submit" class="primary" disabled={save.busy}>
          Change password
        </button>
      </div>
      <ErrorMessage error={save.error} />
      <StatusMessage text={done} />
    </form>
  );
}

/** The account page. */
export function AccountView() {
  const api = useApi();
  const account = useLoad(() => api('getAccount'), [api]);
  const data = account.data;
  const avatar = data ? safeHref(data.avatar) : undefined;
  return (
    <section aria-labelledby="account-heading">
      <h1 id="account-heading">Account</h1>
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
            <dt>Username</dt>
            <dd>{data.username || '—'}</dd>
            <dt>Email</dt>
            <dd>{data.email || '—'}</dd>
            {!avatar && data.avatar && (
              <>
                <dt>Avatar</dt>
                <dd>{data.avatar}</dd>
              </>
            )}
            <dt>Plan</dt>
            <dd>{data.status || '—'}</dd>
            <dt>Plan expires</dt>
            <dd>{data.expires || '—'}</dd>
            <dt>Registered</dt>
            <dd>{data.registered || '—'}</dd>
          </dl>
        </div>
      )}
      <ChangeEmail current={data?.email ?? ''} onChanged={account.reload} />
      <ChangePassword />
    </section>
  );
}
