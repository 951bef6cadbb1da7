import { TextField } from '@/components/fields';
import { t } from '@/lib/i18n';
import { TEXT_LIMITS } from '@/lib/text-limits';

/** What the server form holds, as typed. */
export interface ProfileFormValues {
  name: string;
  serverUrl: string;
  apiKey: string;
}

/** The ids of the alert of a failed save and of the Save button, for moving focus to them. */
export const PROFILE_FAILURE_ID = 'profile-failure';
export const PROFILE_SAVE_ID = 'profile-save';

export type ProfileFormErrors = Partial<Record<'serverUrl' | 'apiKey' | 'name', string>>;

interface ProfileFormProps {
  values: ProfileFormValues;
  errors: ProfileFormErrors;
  /** Shown under the key field instead of the key: e.g. "Saved key ends in …1234". */
  keyHint?: string | undefined;
  /** Notes under the server URL that do not stop saving: the address a bare host stands for; another profile has that server. */
  serverHint?: string | undefined;
  saving: boolean;
  /** Why the last save failed, shown in an alert above the button. */
  failure?: string | null | undefined;
  onChange: (patch: Partial<ProfileFormValues>) => void;
  /** The user left the server URL field: e.g. to say what address a bare host stands for. */
  onServerBlur: () => void;
  onSubmit: () => void;
  /** Shown when there is something to go back to (another profile). */
  onCancel?: (() => void) | undefined;
}

/** Server URL, API key and an optional name; Save checks them with the server before storing. */
export function ProfileForm({
  values,
  errors,
  keyHint,
  serverHint,
  saving,
  failure,
  onChange,
  onServerBlur,
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
      <TextField
        id="server-url"
        label={t('options_server_url')}
        error={errors.serverUrl}
        hint={serverHint}
        errorReplacesHint
        type="url"
        autoComplete="url"
        spellcheck={false}
        placeholder={t('options_server_url_placeholder')}
        value={values.serverUrl}
        onValue={(serverUrl) => onChange({ serverUrl })}
        onBlur={onServerBlur}
      />
      <TextField
        id="api-key"
        label={t('options_api_key')}
        error={errors.apiKey}
        hint={keyHint}
        errorReplacesHint
        type="password"
        autoComplete="off"
        spellcheck={false}
        placeholder={keyHint ? t('options_api_key_keep_placeholder') : t('options_api_key_placeholder')}
        value={values.apiKey}
        onValue={(apiKey) => onChange({ apiKey })}
      />
      <TextField
        id="profile-name"
        label={t('options_profile_name')}
        hint={t('options_profile_name_hint')}
        autoComplete="off"
        maxLength={TEXT_LIMITS.name}
        error={errors.name}
        value={values.name}
        onValue={(name) => onChange({ name })}
      />
      {failure && (
        <p class="alert" role="alert" id={PROFILE_FAILURE_ID} tabIndex={-1}>
          {failure}
        </p>
      )}
      <div class="row">
        <button type="submit" id={PROFILE_SAVE_ID} class="primary" disabled={saving}>
          {saving ? t('options_checking') : t('options_save')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} disabled={saving}>
            {t('options_cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
