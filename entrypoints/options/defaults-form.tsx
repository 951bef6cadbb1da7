import { useState } from 'preact/hooks';
import { ChoiceField, namedOptions, SelectField, TextField } from '@/components/fields';
import { useStatus } from '@/components/use-status';
import {
  type DefaultsDraft,
  type DefaultsErrors,
  defaultsFromDraft,
  draftFromDefaults,
} from '@/entrypoints/options/rules';
import { t } from '@/lib/i18n';
import type { NamedItem } from '@/lib/links/cache';
import type { LinkDefaults } from '@/lib/settings/schema';

/** What a save tells the user, next to the Save button. */
type SaveOutcome = { ok: boolean; message: string };

interface DefaultsFormProps {
  defaults: LinkDefaults;
  campaigns: readonly NamedItem[];
  channels: readonly NamedItem[];
  /** Saves valid defaults; resolves with what to tell the user. */
  onSave: (defaults: LinkDefaults) => Promise<SaveOutcome>;
}

/** Defaults for new links of one profile: campaign, channel, expiry days, domain and status. */
export function DefaultsForm({ defaults, campaigns, channels, onSave }: DefaultsFormProps) {
  const [draft, setDraft] = useState(() => draftFromDefaults(defaults));
  const [errors, setErrors] = useState<DefaultsErrors>({});
  const [outcome, setOutcome] = useStatus<SaveOutcome>();
  const change = (patch: Partial<DefaultsDraft>) => {
    setDraft({ ...draft, ...patch });
    setOutcome(undefined);
  };

  return (
    <form
      class="stack"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = defaultsFromDraft(draft);
        setErrors(parsed.ok ? {} : parsed.errors);
        if (parsed.ok) setOutcome(await onSave(parsed.defaults));
      }}
    >
      <div class="grid">
        <ChoiceField
          id="default-campaign"
          label={t('options_default_campaign')}
          noneLabel={t('popup_choice_none')}
          options={namedOptions(campaigns)}
          value={draft.campaignId}
          onValue={(campaignId) => change({ campaignId })}
        />
        <ChoiceField
          id="default-channel"
          label={t('options_default_channel')}
          noneLabel={t('popup_choice_none')}
          options={namedOptions(channels)}
          value={draft.channelId}
          onValue={(channelId) => change({ channelId })}
        />
        <TextField
          id="default-expiry"
          label={t('options_default_expiry')}
          error={errors.expiryDays}
          hint={t('options_default_expiry_hint')}
          errorReplacesHint
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={draft.expiryDays}
          onValue={(expiryDays) => change({ expiryDays })}
        />
        <SelectField
          id="default-status"
          label={t('options_default_status')}
          value={draft.status}
          options={[
            { value: 'private', label: t('options_status_private') },
            { value: 'public', label: t('options_status_public') },
          ]}
          onValue={(status) => change({ status: status === 'public' ? 'public' : 'private' })}
        />
      </div>
      <TextField
        id="default-domain"
        label={t('options_default_domain')}
        error={errors.domain}
        hint={t('options_default_domain_hint')}
        errorReplacesHint
        type="url"
        spellcheck={false}
        placeholder={t('options_default_domain_placeholder')}
        value={draft.domain}
        onValue={(domain) => change({ domain })}
      />
      <div class="row">
        <button type="submit" class="primary">
          {t('options_save_defaults')}
        </button>
        <span class={outcome?.ok === false ? 'field-error' : 'ok'} role="status">
          {outcome?.message}
        </span>
      </div>
    </form>
  );
}
