import { useState } from 'preact/hooks';
import { ChoiceSelect, Field, fieldAria } from '@/components/fields';
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
        <ChoiceSelect
          id="default-campaign"
          label={t('options_default_campaign')}
          items={campaigns}
          value={draft.campaignId}
          onChange={(campaignId) => change({ campaignId })}
        />
        <ChoiceSelect
          id="default-channel"
          label={t('options_default_channel')}
          items={channels}
          value={draft.channelId}
          onChange={(channelId) => change({ channelId })}
        />
        <Field
          id="default-expiry"
          label={t('options_default_expiry')}
          error={errors.expiryDays}
          hint={t('options_default_expiry_hint')}
        >
          <input
            id="default-expiry"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={draft.expiryDays}
            onInput={(e) => change({ expiryDays: e.currentTarget.value })}
            {...fieldAria('default-expiry', errors.expiryDays, true)}
          />
        </Field>
        <Field id="default-status" label={t('options_default_status')}>
          <select
            id="default-status"
            value={draft.status}
            onChange={(e) => change({ status: e.currentTarget.value === 'public' ? 'public' : 'private' })}
          >
            <option value="private">{t('options_status_private')}</option>
            <option value="public">{t('options_status_public')}</option>
          </select>
        </Field>
      </div>
      <Field
        id="default-domain"
        label={t('options_default_domain')}
        error={errors.domain}
        hint={t('options_default_domain_hint')}
      >
        <input
          id="default-domain"
          type="url"
          spellcheck={false}
          placeholder={t('options_default_domain_placeholder')}
          value={draft.domain}
          onInput={(e) => change({ domain: e.currentTarget.value })}
          {...fieldAria('default-domain', errors.domain, true)}
        />
      </Field>
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
