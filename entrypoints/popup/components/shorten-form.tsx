import type { ComponentChildren, Ref } from 'preact';
import { ChoiceField, namedOptions, TextField } from '@/components/fields';
import { t } from '@/lib/i18n';
import type { NamedItem } from '@/lib/links/cache';
import type { FormErrors } from '@/lib/links/shorten-form';
import type { ShortenForm as FormValues } from '@/lib/storage/items';
import { TEXT_LIMITS } from '@/lib/text-limits';

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
  /**
   * A paste into the Long URL field, with the value the field would hold after it: true when the
   * popup took it its own way (a redirect wrapper unwrapped), and the browser must not paste.
   */
  onPasteUrl?: (value: string) => boolean;
  onSubmit: () => void;
  /** Shown between the fields and the Shorten button: the "More options" button and panel. */
  more?: ComponentChildren;
  /** Why the alias is off (one link per preset); the field is usable when undefined. */
  aliasOff?: string | undefined;
  /** The Shorten button's text when not pending; default "Shorten". */
  submitLabel?: string | undefined;
  /** Beside the Shorten button: "Shorten all tabs", which must stay in view when a result is shown. */
  beside?: ComponentChildren;
  /** Shown instead of the Long URL field: the list of several URLs pasted at once. */
  urlList?: ComponentChildren;
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
      {props.urlList ?? (
        <TextField
          id="long-url"
          label={t('popup_long_url_label')}
          error={errors.url}
          // Same name as the label; e2e specs select the field by this attribute.
          aria-label={t('popup_long_url_label')}
          inputRef={props.urlRef}
          type="url"
          autoComplete="off"
          spellcheck={false}
          placeholder={URL_PLACEHOLDER}
          value={values.url}
          onValue={(url) => onChange({ url })}
          onPaste={(event) => {
            const field = event.currentTarget;
            const pasted = event.clipboardData?.getData('text/plain') ?? '';
            const { selectionStart: from, selectionEnd: to, value } = field;
            const after = value.slice(0, from ?? value.length) + pasted + value.slice(to ?? value.length);
            if (props.onPasteUrl?.(after)) event.preventDefault();
          }}
        />
      )}
      <div class="grid">
        <TextField
          id="alias"
          label={t('popup_alias_label')}
          error={props.aliasOff ? undefined : errors.alias}
          hint={props.aliasOff}
          disabled={Boolean(props.aliasOff)}
          autoComplete="off"
          spellcheck={false}
          placeholder={t('popup_alias_placeholder')}
          maxLength={TEXT_LIMITS.alias}
          value={values.alias}
          onValue={(alias) => onChange({ alias })}
        />
        <TextField
          id="expiry"
          label={t('popup_expiry_label')}
          error={errors.expiry}
          type="datetime-local"
          value={values.expiry}
          onValue={(expiry) => onChange({ expiry })}
        />
        <ChoiceField
          id="campaign"
          label={t('popup_campaign_label')}
          noneLabel={t('popup_choice_none')}
          options={namedOptions(props.campaigns)}
          value={values.campaignId}
          onValue={(campaignId) => onChange({ campaignId })}
        />
        <ChoiceField
          id="channel"
          label={t('popup_channel_label')}
          noneLabel={t('popup_choice_none')}
          options={namedOptions(props.channels)}
          value={values.channelId}
          onValue={(channelId) => onChange({ channelId })}
        />
      </div>
      {props.more}
      {/* Wraps when a language's texts are too long for both on one line. */}
      <div class="row wrap">
        <button type="submit" class="primary wide grow" disabled={pending}>
          {pending
            ? (props.pendingLabel ?? t('popup_shortening'))
            : (props.submitLabel ?? t('popup_shorten_button'))}
        </button>
        {props.beside}
      </div>
    </form>
  );
}
