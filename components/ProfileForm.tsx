import { Field, fieldAria } from './Field';

/** What the server form holds, as typed. */
export interface ProfileFormValues {
  name: string;
  serverUrl: string;
  apiKey: string;
}

export type ProfileFormErrors = Partial<Record<'serverUrl' | 'apiKey', string>>;

interface ProfileFormProps {
  values: ProfileFormValues;
  errors: ProfileFormErrors;
  /** Shown under the key field instead of the key: e.g. "Saved key ends in …1234". */
  keyHint?: string | undefined;
  saving: boolean;
  /** Why the last save failed, shown in an alert above the button. */
  failure?: string | null | undefined;
  onChange: (patch: Partial<ProfileFormValues>) => void;
  onSubmit: () => void;
  /** Shown when there is something to go back to (another profile). */
  onCancel?: (() => void) | undefined;
}

/** Server URL, API key and an optional name; Save checks them with the server before storing. */
export function ProfileForm({
  values,
  errors,
  keyHint,
  saving,
  failure,
  onChange,
  onSubmit,
  onCancel,
}: ProfileFormProps) {
  return (
    <form
      class="stack"
      noValidate
      onSubmit={(e) => {
        // The handler must stay synchronous up to the permission request: it needs the user's click.
        e.preventDefault();
        onSubmit();
      }}
    >
      <Field id="server-url" label="Server URL" error={errors.serverUrl}>
        <input
          id="server-url"
          type="url"
          autoComplete="url"
          spellcheck={false}
          placeholder="https://short.example.com"
          value={values.serverUrl}
          onInput={(e) => onChange({ serverUrl: e.currentTarget.value })}
          {...fieldAria('server-url', errors.serverUrl)}
        />
      </Field>
      <Field id="api-key" label="API key" error={errors.apiKey} hint={keyHint}>
        <input
          id="api-key"
          type="password"
          autoComplete="off"
          spellcheck={false}
          placeholder={
            keyHint ? 'Leave empty to keep the saved key' : 'From your account settings on the server'
          }
          value={values.apiKey}
          onInput={(e) => onChange({ apiKey: e.currentTarget.value })}
          {...fieldAria('api-key', errors.apiKey, keyHint)}
        />
      </Field>
      <Field id="profile-name" label="Profile name" hint="Optional; the server’s name is used when empty.">
        <input
          id="profile-name"
          autoComplete="off"
          value={values.name}
          onInput={(e) => onChange({ name: e.currentTarget.value })}
          {...fieldAria('profile-name', undefined, true)}
        />
      </Field>
      {failure && (
        <p class="alert" role="alert">
          {failure}
        </p>
      )}
      <div class="row">
        <button type="submit" class="primary" disabled={saving}>
          {saving ? 'Checking…' : 'Save'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
