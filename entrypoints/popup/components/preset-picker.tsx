import type { ComponentChildren } from 'preact';
import { t } from '@/lib/i18n';
import type { UtmPreset } from '@/lib/settings/schema';

interface PresetPickerProps {
  on: boolean;
  presets: readonly UtmPreset[];
  chosen: readonly UtmPreset[];
  /** Why Shorten did nothing ('' when nothing is wrong). */
  error: string;
  onToggle: (on: boolean) => void;
  onChoose: (id: string, ticked: boolean) => void;
  onOpenOptions: () => void;
  /** Shown on the switch's line, before it (the More options toggle), so the form stays short. */
  beside?: ComponentChildren;
}

/** "One per preset": a switch, and once on, a checkbox for each UTM preset of Options. */
export function PresetPicker({
  on,
  presets,
  chosen,
  error,
  onToggle,
  onChoose,
  onOpenOptions,
  beside,
}: PresetPickerProps) {
  return (
    <div class="preset-picker">
      <div class="preset-switch-row">
        {beside}
        <label class="checkbox">
          <input
            type="checkbox"
            checked={on}
            aria-controls={on ? 'preset-choices' : undefined}
            onChange={(event) => onToggle(event.currentTarget.checked)}
          />{' '}
          {t('popup_presets_toggle')}
        </label>
      </div>
      {on &&
        (presets.length === 0 ? (
          <p class="notice">
            {t('popup_presets_empty')}{' '}
            <button type="button" class="quiet" onClick={onOpenOptions}>
              {t('popup_open_options')}
            </button>
          </p>
        ) : (
          <fieldset id="preset-choices" class="preset-choices" aria-invalid={error ? true : undefined}>
            <legend class="sr-only">{t('popup_presets_legend')}</legend>
            {presets.map((preset) => (
              <label key={preset.id} class="checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(preset)}
                  onChange={(event) => onChoose(preset.id, event.currentTarget.checked)}
                />{' '}
                {preset.name}
              </label>
            ))}
          </fieldset>
        ))}
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
