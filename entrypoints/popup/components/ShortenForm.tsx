import type { ComponentChildren, Ref } from 'preact';
import { ChoiceSelect, Field, fieldAria } from '@/components/fields';
import { t } from '@/lib/i18n';
import type { NamedItem } from '@/lib/links/cache';
import type { FormErrors, ShortenForm as FormValues } from '@/lib/links/shorten-form';

interface ShortenFormProps {
  values: FormValues;
  errors: FormErrors;
  campaigns: readonly NamedItem[];
  channels: readonly NamedItem[];
  pending: boolean;
  /** The button's text while pending; default "Shortening…". */
  pendingLabel?: string | undefined;
  /** The Long URL field, for the popup to focus when it opens. */
  urlRef?: Ref<HTMLInputElement>;
  onChange: (patch: Partial<FormValues>) => void;
  onSubmit: () => void;
  /** Shown between the fields and the Shorten button: the "More options" button and panel. */
  more?: ComponentChildren;
}

/** What the Long URL field shows when empty: a URL's start, the same in every language. */
const URL_PLACEHOLDER = 'https://…';

/** The popup's form: long URL, alias, campaign, channel, expiry, `more` and the Shorten button. Enter submits. */
export function ShortenForm(props: ShortenFormProps) {
  const { values, errors, pending, onChange } = props;

  return (
    <form
      class="shorten"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <Field id="long-url" label={t('popup_long_url_label')} error={errors.url}>
        <input
          id="long-url"
          // Same name as the label; e2e specs select the field by this attribute.
          aria-label={t('popup_long_url_label')}
          ref={props.urlRef}
          type="url"
          autoComplete="off"
          spellcheck={false}
          placeholder={URL_PLACEHOLDER}
          value={values.url}
          onInput={(e) => onChange({ url: e.currentTarget.value })}
          {...fieldAria('long-url', errors.url)}
        />
      </Field>
      <div class="grid">
        <Field id="alias" label={t('popup_alias_label')} error={errors.alias}>
          <input
            id="alias"
            autoComplete="off"
            spellcheck={false}
            placeholder={t('popup_alias_placeholder')}
            value={values.alias}
            onInput={(e) => onChange({ alias: e.currentTarget.value })}
            {...fieldAria('alias', errors.alias)}
          />
        </Field>
        <Field id="expiry" label={t('popup_expiry_label')} error={errors.expiry}>
          <input
            id="expiry"
            type="datetime-local"
            value={values.expiry}
            onInput={(e) => onChange({ expiry: e.currentTarget.value })}
            {...fieldAria('expiry', errors.expiry)}
          />
        </Field>
        <ChoiceSelect
          id="campaign"
          label={t('popup_campaign_label')}
          items={props.campaigns}
          value={values.campaignId}
          onChange={(campaignId) => onChange({ campaignId })}
        />
        <ChoiceSelect
          id="channel"
          label={t('popup_channel_label')}
          items={props.channels}
          value={values.channelId}
          onChange={(channelId) => onChange({ channelId })}
        />
      </div>
      {props.more}
      <button type="submit" class="primary wide" disabled={pending}>
        {pending ? (props.pendingLabel ?? t('popup_shortening')) : t('popup_shorten_button')}
      </button>
    </form>
  );
}
