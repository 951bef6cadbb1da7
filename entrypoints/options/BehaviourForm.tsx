import { Field } from '@/components/fields';
import { t } from '@/lib/i18n';
import { COPY_FORMATS, type CopyFormat, FORMAT_NAMES, formatForCopy } from '@/lib/links/copy-format';
import type { Behaviour } from '@/lib/settings/schema';

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

interface SwitchProps {
  id: string;
  checked: boolean;
  label: string;
  hint?: string;
  onChange: (checked: boolean) => void;
}

/** A checkbox with its label and an optional one-line explanation tied to it. */
function Switch({ id, checked, label, hint, onChange }: SwitchProps) {
  return (
    <div class="switch">
      <label class="check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.currentTarget.checked)}
          {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
        />
        {label}
      </label>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** Settings that apply to every profile; each change is saved at once. */
export function BehaviourForm({ behaviour, onChange }: BehaviourFormProps) {
  return (
    <div class="stack">
      <Switch
        id="behaviour-auto-copy"
        checked={behaviour.autoCopy}
        label={t('options_auto_copy')}
        onChange={(autoCopy) => onChange({ autoCopy })}
      />
      <Field
        id="behaviour-copy-format"
        label={t('options_copy_format_label')}
        hint={
          <>
            {t('options_copy_format_hint')} <code>{copyFormatExample(behaviour.copyFormat)}</code>
          </>
        }
      >
        <select
          id="behaviour-copy-format"
          value={behaviour.copyFormat}
          aria-describedby="behaviour-copy-format-hint"
          onChange={(e) => {
            const chosen = COPY_FORMATS.find((format) => format === e.currentTarget.value);
            if (chosen) onChange({ copyFormat: chosen });
          }}
        >
          {COPY_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(FORMAT_NAMES[format])}
            </option>
          ))}
        </select>
      </Field>
      <Switch
        id="behaviour-notifications"
        checked={behaviour.notifications}
        label={t('options_notifications')}
        onChange={(notifications) => onChange({ notifications })}
      />
      <Switch
        id="behaviour-strip-tracking"
        checked={behaviour.stripTracking}
        label={t('options_strip_tracking')}
        hint={t('options_strip_tracking_hint')}
        onChange={(stripTracking) => onChange({ stripTracking })}
      />
      <Switch
        id="behaviour-prefer-canonical"
        checked={behaviour.preferCanonical}
        label={t('options_prefer_canonical')}
        hint={t('options_prefer_canonical_hint')}
        onChange={(preferCanonical) => onChange({ preferCanonical })}
      />
    </div>
  );
}
