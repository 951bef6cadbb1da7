/**
 * The one rule of UTM presets, for Options' form and the settings file alike. A name is unique
 * whatever its case because the popup and the copied block name links by it.
 */

import { t } from '../i18n';
import { LIST_LIMITS, TEXT_LIMITS, tooLong } from '../text-limits';
import { UTM_PARAMS } from '../url/utm';
import type { UtmPreset } from './schema';

/** What keeps a preset out, by field: `params` when it sets none, `count` when there is no room. */
export type PresetProblems = Partial<
  Record<'name' | 'params' | 'count' | (typeof UTM_PARAMS)[number], string>
>;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What keeps `preset`, whose id is `id`, from standing among `others`; empty when nothing does. */
export function presetProblems(
  preset: Omit<UtmPreset, 'id'>,
  id: string,
  others: readonly UtmPreset[],
): PresetProblems {
  const problems: PresetProblems = {};
  const rest = others.filter((other) => other.id !== id);
  if (rest.length >= LIST_LIMITS.utmPresets)
    problems.count = t('options_presets_full', LIST_LIMITS.utmPresets);
  const name = preset.name.trim();
  const nameTooLong = tooLong(preset.name, TEXT_LIMITS.name);
  if (!name) problems.name = t('options_preset_name_required');
  else if (rest.some((other) => sameName(other.name, name)))
    problems.name = t('options_preset_name_taken', name);
  else if (nameTooLong) problems.name = nameTooLong;
  for (const param of UTM_PARAMS) {
    const valueTooLong = tooLong(preset[param], TEXT_LIMITS.utmValue);
    if (valueTooLong) problems[param] = valueTooLong;
  }
  if (UTM_PARAMS.every((param) => preset[param].trim() === '')) {
    problems.params = t('options_preset_params_required');
  }
  return problems;
}
