import { useState } from 'preact/hooks';
import type { NamedItem } from '@/lib/cache';
import type { LinkDefaults } from '@/lib/settings';
import { type DefaultsErrors, defaultsFromDraft, draftFromDefaults } from '@/lib/ui-options';
import { ChoiceSelect } from './ChoiceSelect';
import { Field, fieldAria } from './Field';

interface DefaultsFormProps {
  defaults: LinkDefaults;
  campaigns: readonly NamedItem[];
  channels: readonly NamedItem[];
  /** Saves valid defaults; resolves with what to tell the user. */
  onSave: (defaults: LinkDefaults) => Promise<{ ok: boolean; message: string }>;
}

/** Defaults for new links of one profile: campaign, channel, expiry days, domain and status. */
export function DefaultsForm({ defaults, campaigns, channels, onSave }: DefaultsFormProps) {
  const [draft, setDraft] = useState(() => draftFromDefaults(defaults));
  const [errors, setErrors] = useState<DefaultsErrors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const change = (patch: Partial<typeof draft>) => {
    setDraft({ ...draft, ...patch });
    setOutcome(null);
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
          label="Campaign"
          items={campaigns}
          value={draft.campaignId}
          onChange={(campaignId) => change({ campaignId })}
        />
        <ChoiceSelect
          id="default-channel"
          label="Channel"
          items={channels}
          value={draft.channelId}
          onChange={(channelId) => change({ channelId })}
        />
        <Field
          id="default-expiry"
          label="Expiry in days"
          error={errors.expiryDays}
          hint="Empty: links never expire."
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
        <Field id="default-status" label="Status">
          <select
            id="default-status"
            value={draft.status}
            onChange={(e) => change({ status: e.currentTarget.value === 'public' ? 'public' : 'private' })}
          >
            <option value="private">Private</option>
            <option value="public">Public</option>
          </select>
        </Field>
      </div>
      <Field
        id="default-domain"
        label="Domain"
        error={errors.domain}
        hint="Optional branded domain, e.g. https://go.example.com."
      >
        <input
          id="default-domain"
          type="url"
          spellcheck={false}
          placeholder="The server’s own domain"
          value={draft.domain}
          onInput={(e) => change({ domain: e.currentTarget.value })}
          {...fieldAria('default-domain', errors.domain, true)}
        />
      </Field>
      <div class="row">
        <button type="submit" class="primary">
          Save defaults
        </button>
        <span class={outcome?.ok === false ? 'field-error' : 'ok'} role="status">
          {outcome?.message}
        </span>
      </div>
    </form>
  );
}
