import { CheckboxField, SelectField } from '@/components/fields';
import { t } from '@/lib/i18n';
import { FORMAT_NAMES, formatForCopy } from '@/lib/links/copy-format';
import type { Behaviour, CopyFormat } from '@/lib/settings/schema';
import { COPY_FORMATS } from '@/lib/settings/schema';

interface BehaviourFormProps {
  behaviour: Behaviour;
  onChange: (patch: Partial<Behaviour>) => void;
}

/** A short link as the chosen format copies it, with a sample page title. */
function copyFormatExample(format: CopyFormat): string {
  return formatForCopy(
    { shortUrl: 'https://sho.rt/abc', title: t('options_copy_format_example_title') },
    format,
  );
}

/** Settings that apply to every profile; each change is saved at once. */
export function BehaviourForm({ behaviour, onChange }: BehaviourFormProps) {
  return (
    <div class="stack">
      <CheckboxField
        id="behaviour-auto-copy"
        checked={behaviour.autoCopy}
        label={t('options_auto_copy')}
        onChecked={(autoCopy) => onChange({ autoCopy })}
      />
      <SelectField
        id="behaviour-copy-format"
        label={t('options_copy_format_label')}
        hint={
          <>
            {t('options_copy_format_hint')} <code dir="ltr">{copyFormatExample(behaviour.copyFormat)}</code>
          </>
        }
        value={behaviour.copyFormat}
        options={COPY_FORMATS.map((format) => ({ value: format, label: t(FORMAT_NAMES[format]) }))}
        onValue={(value) => {
          const chosen = COPY_FORMATS.find((format) => format === value);
          if (chosen) onChange({ copyFormat: chosen });
        }}
      />
      <CheckboxField
        id="behaviour-notifications"
        checked={behaviour.notifications}
        label={t('options_notifications')}
        onChecked={(notifications) => onChange({ notifications })}
      />
      <CheckboxField
        id="behaviour-strip-tracking"
        checked={behaviour.stripTracking}
        label={t('options_strip_tracking')}
        hint={t('options_strip_tracking_hint')}
        onChecked={(stripTracking) => onChange({ stripTracking })}
      />
      <CheckboxField
        id="behaviour-prefer-canonical"
        checked={behaviour.preferCanonical}
        label={t('options_prefer_canonical')}
        hint={t('options_prefer_canonical_hint')}
        onChecked={(preferCanonical) => onChange({ preferCanonical })}
      />
      <CheckboxField
        id="behaviour-unwrap-redirects"
        checked={behaviour.unwrapRedirects}
        label={t('options_unwrap_redirects')}
        hint={t('options_unwrap_redirects_hint')}
        onChecked={(unwrapRedirects) => onChange({ unwrapRedirects })}
      />
      <CheckboxField
        id="behaviour-watch-digest"
        checked={behaviour.watchDigest}
        label={t('options_watch_digest')}
        hint={t('options_watch_digest_hint')}
        onChecked={(watchDigest) => onChange({ watchDigest })}
      />
    </div>
  );
}
