import { useEffect, useRef, useState } from 'preact/hooks';
import { TextField } from '@/components/fields';
import { useFocusAfterRender } from '@/components/use-focus-after-render';
import { useStatus } from '@/components/use-status';
import {
  emptyPresetDraft,
  type PresetDraft,
  type PresetErrors,
  presetFromDraft,
} from '@/entrypoints/options/rules';
import { t } from '@/lib/i18n';
import type { UtmPreset } from '@/lib/settings/schema';
import { LIST_LIMITS, TEXT_LIMITS } from '@/lib/text-limits';
import { UTM_PARAMS } from '@/lib/url/utm';
import './presets.css';

interface UtmPresetsSectionProps {
  presets: readonly UtmPreset[];
  /** Saves the whole list (each change at once, like the behaviour switches). */
  onChange: (presets: UtmPreset[]) => Promise<void>;
}

/** The id of a preset's control, to put focus back on after a change. */
const controlId = (presetId: string, part: 'edit' | 'up' | 'down' | 'delete') => `preset-${part}-${presetId}`;
const ADD_ID = 'preset-add';

/** What a preset sets, as the URL will carry it: `utm_source=x · utm_medium=social`. */
function summary(preset: UtmPreset): string {
  return UTM_PARAMS.filter((param) => preset[param].trim() !== '')
    .map((param) => `utm_${param}=${preset[param].trim()}`)
    .join(' · ');
}

/** The form that adds (id '') or edits a preset. */
function PresetForm({
  initial,
  id,
  others,
  onSave,
  onCancel,
}: {
  initial: PresetDraft;
  id: string;
  others: readonly UtmPreset[];
  onSave: (preset: UtmPreset) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<PresetErrors>({});
  const prefix = `preset-form-${id || 'new'}`;
  const nameRef = useRef<HTMLInputElement>(null);
  // The form opens to be typed in; the button that opened it is gone.
  useEffect(() => nameRef.current?.focus(), []);
  const change = (patch: Partial<PresetDraft>) => setDraft({ ...draft, ...patch });
  return (
    <form
      class="stack preset-form"
      noValidate
      aria-label={id ? t('options_preset_edit_form', initial.name) : t('options_preset_add_form')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = presetFromDraft(draft, id || crypto.randomUUID(), others);
        setErrors(parsed.ok ? {} : parsed.errors);
        if (parsed.ok) return onSave(parsed.preset);
        const { name, params, count } = parsed.errors;
        const param = UTM_PARAMS.find((p) => parsed.errors[p]) ?? (params ? 'source' : undefined);
        const field = count ? 'count' : name ? 'name' : param;
        document.getElementById(`${prefix}-${field}`)?.focus();
      }}
    >
      <TextField
        id={`${prefix}-name`}
        label={t('options_preset_name')}
        maxLength={TEXT_LIMITS.name}
        error={errors.name}
        autoComplete="off"
        value={draft.name}
        inputRef={nameRef}
        onValue={(name) => change({ name })}
      />
      <div class="grid">
        {UTM_PARAMS.map((param) => (
          <TextField
            key={param}
            id={`${prefix}-${param}`}
            label={`utm_${param}`}
            error={errors[param] ?? (param === 'source' ? errors.params : undefined)}
            autoComplete="off"
            spellcheck={false}
            value={draft[param]}
            onValue={(value) => change({ [param]: value })}
          />
        ))}
      </div>
      <p class="hint">{t('options_preset_params_hint')}</p>
      {errors.count && (
        <p class="alert" role="alert" id={`${prefix}-count`} tabIndex={-1}>
          {errors.count}
        </p>
      )}
      <div class="row">
        <button type="submit" class="primary">
          {t('options_preset_save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('options_cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * Options' UTM presets: named sets of utm_* parameters for the popup's "One per preset". Add, edit
 * (the name too), delete and move up or down; every change is saved at once.
 */
export function UtmPresetsSection({ presets, onChange }: UtmPresetsSectionProps) {
  // The preset being edited, 'new' for the add form, '' for none.
  const [editing, setEditing] = useState('');
  const [status, setStatus] = useStatus<string>();
  // Add pressed with every place taken: said at once, before anything is typed in vain.
  const [askedWhenFull, setAskedWhenFull] = useState(false);
  const full = presets.length >= LIST_LIMITS.utmPresets;
  const focusAfterRender = useFocusAfterRender();

  /** Saves `next`, then says so and focuses `focus` in the list as saved (a move re-orders it). */
  const save = async (next: UtmPreset[], message: string, focus?: string) => {
    await onChange(next);
    setStatus(message);
    if (focus) focusAfterRender(focus);
  };
  const close = (focus: string) => {
    setEditing('');
    focusAfterRender(focus);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...presets];
    const [preset] = next.splice(index, 1);
    if (!preset) return;
    next.splice(index + by, 0, preset);
    // The button pressed may be gone at the list's edge: its twin takes the focus.
    const atEdge = index + by === 0 || index + by === next.length - 1;
    const focus = controlId(preset.id, atEdge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down');
    void save(next, t('options_preset_moved', preset.name, index + by + 1), focus);
  };

  return (
    <section class="card" aria-labelledby="presets-heading">
      <h2 id="presets-heading">{t('options_presets_heading')}</h2>
      <p class="muted">{t('options_presets_intro')}</p>
      {presets.length === 0 && <p>{t('options_presets_empty')}</p>}
      <ul class="presets">
        {presets.map((preset, index) =>
          editing === preset.id ? (
            <li key={preset.id}>
              <PresetForm
                id={preset.id}
                initial={preset}
                others={presets}
                onCancel={() => close(controlId(preset.id, 'edit'))}
                onSave={(saved) => {
                  close(controlId(preset.id, 'edit'));
                  void save(
                    presets.map((p) => (p.id === saved.id ? saved : p)),
                    t('options_preset_saved', saved.name),
                  );
                }}
              />
            </li>
          ) : (
            <li key={preset.id}>
              <div class="grow preset-info">
                <strong>{preset.name}</strong>
                <div class="muted small preset-params">{summary(preset)}</div>
              </div>
              <div class="row preset-actions">
                {index > 0 && (
                  <button
                    type="button"
                    id={controlId(preset.id, 'up')}
                    aria-label={t('options_preset_up_label', preset.name)}
                    onClick={() => move(index, -1)}
                  >
                    {t('options_preset_up')}
                  </button>
                )}
                {index < presets.length - 1 && (
                  <button
                    type="button"
                    id={controlId(preset.id, 'down')}
                    aria-label={t('options_preset_down_label', preset.name)}
                    onClick={() => move(index, 1)}
                  >
                    {t('options_preset_down')}
                  </button>
                )}
                <button
                  type="button"
                  id={controlId(preset.id, 'edit')}
                  aria-label={t('options_edit_label', preset.name)}
                  onClick={() => setEditing(preset.id)}
                >
                  {t('options_edit')}
                </button>
                <button
                  type="button"
                  id={controlId(preset.id, 'delete')}
                  aria-label={t('options_delete_label', preset.name)}
                  onClick={() => {
                    const neighbour = presets[index + 1] ?? presets[index - 1];
                    void save(
                      presets.filter((p) => p.id !== preset.id),
                      t('options_preset_deleted', preset.name),
                      neighbour ? controlId(neighbour.id, 'delete') : ADD_ID,
                    );
                  }}
                >
                  {t('options_delete')}
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <PresetForm
          id=""
          initial={emptyPresetDraft()}
          others={presets}
          onCancel={() => close(ADD_ID)}
          onSave={(preset) => {
            close(ADD_ID);
            void save([...presets, preset], t('options_preset_added', preset.name));
          }}
        />
      ) : (
        <>
          <div class="row">
            <button
              type="button"
              id={ADD_ID}
              onClick={() => {
                setAskedWhenFull(full);
                if (!full) setEditing('new');
              }}
            >
              {t('options_preset_add')}
            </button>
            <span class="ok" role="status">
              {status}
            </span>
          </div>
          {askedWhenFull && full && (
            <p class="alert" role="alert">
              {t('options_presets_full', LIST_LIMITS.utmPresets)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
