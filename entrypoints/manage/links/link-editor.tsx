/**
 * The link form with every field the API takes, for creating a link and for updating one. The
 * model, rules and request bodies live in lib/links/link-form.ts; this is only the view of them.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { ChoiceField, namedOptions, TextAreaField, TextField } from '@/components/fields';
import {
  DeeplinkFields,
  DomainField,
  ParametersField,
  PasswordField,
  PixelsField,
  RedirectTypeField,
  type SetLinkField,
  SocialFields,
  TargetingFields,
  VisibilityField,
} from '@/components/link-fields';
import { useChoices } from '@/components/server-cache';
import type { ErrorData } from '@/lib/api/errors';
import { t, tPlural } from '@/lib/i18n';
import { type LinkFormErrors, validateLinkForm } from '@/lib/links/link-form';
import type { LinkFormState } from '@/lib/storage/items';
import { TEXT_LIMITS } from '@/lib/text-limits';
import { useServerCache } from '../api-context';
import { type Reply, useAction } from '../hooks';
import { ActionButton } from '../ui';

const LONG_URL_EXAMPLE = 'https://example.com/page';

type Section = 'redirect' | 'targeting' | 'social' | 'tracking' | 'deeplink';

const SECTION_OF: [RegExp, Section][] = [
  [/^(type|password|domain|expiry)$/, 'redirect'],
  [/^(geotarget|devicetarget|languagetarget)\b/, 'targeting'],
  [/^meta/, 'social'],
  [/^(pixels|channel|campaign|parameters)\b/, 'tracking'],
  [/^deeplink/, 'deeplink'],
];

function sectionsWithErrors(errors: LinkFormErrors): Set<Section> {
  const sections = new Set<Section>();
  for (const key of Object.keys(errors)) {
    const hit = SECTION_OF.find(([pattern]) => pattern.test(key));
    if (hit) sections.add(hit[1]);
  }
  return sections;
}

function initiallyOpen(state: LinkFormState): Set<Section> {
  const open = new Set<Section>();
  if (state.expiry || state.type || state.domain) open.add('redirect');
  if (state.geotarget.length + state.devicetarget.length + state.languagetarget.length > 0)
    open.add('targeting');
  return open;
}

/** A collapsible part of the form; its choice lists load the first time it opens. */
function FormSection({
  title,
  open,
  onToggle,
  children,
}: {
  title: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ComponentChildren;
}) {
  return (
    <details open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>{title}</summary>
      <div class="section-body">{children}</div>
    </details>
  );
}

function CampaignChannelFields({
  state,
  set,
  errors,
  active,
  blankLabel,
}: {
  state: LinkFormState;
  set: SetLinkField;
  errors: LinkFormErrors;
  active: boolean;
  blankLabel: string | undefined;
}) {
  const cache = useServerCache();
  const campaigns = useChoices(cache, 'listCampaigns', active);
  const channels = useChoices(cache, 'listChannels', active);
  return (
    <>
      <ChoiceField
        label={t('manage_channel_label')}
        value={state.channel}
        onValue={(v) => set('channel', v)}
        options={namedOptions(channels.data?.items ?? [])}
        loading={channels.loading}
        noneLabel={blankLabel}
        error={errors.channel}
        allowOther
      >
        <ErrorMessage error={channels.error} />
      </ChoiceField>
      <ChoiceField
        label={t('manage_campaign_label')}
        value={state.campaign}
        onValue={(v) => set('campaign', v)}
        options={namedOptions(campaigns.data?.items ?? [])}
        loading={campaigns.loading}
        noneLabel={blankLabel}
        error={errors.campaign}
        allowOther
      >
        <ErrorMessage error={campaigns.error} />
      </ChoiceField>
    </>
  );
}

/**
 * Whether the server refused the request because of the custom alias typed: the API has no error
 * codes, so this goes by the server's own words ("That alias is already taken.").
 */
function refusesAlias(error: ErrorData, alias: string): boolean {
  return error.kind === 'validation' && alias.trim() !== '' && /\balias\b/i.test(error.message);
}

/** The create/update form. `submit` sends the state; on failure its message shows and the input stays. */
export function LinkEditor({
  mode,
  initial,
  submit,
  submitLabel,
}: {
  mode: 'add' | 'update';
  initial: LinkFormState;
  submit: (state: LinkFormState) => Reply<unknown>;
  submitLabel: string;
}) {
  const cache = useServerCache();
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<LinkFormErrors>({});
  // The alias the server refused, marked at its field until it is changed.
  const [refusedAlias, setRefusedAlias] = useState<string>();
  const [open, setOpen] = useState(() => initiallyOpen(initial));
  const action = useAction(submit);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [refusedTick, setRefusedTick] = useState(0);
  // After a refused submit (by the form's checks or by the server), start the user at the first
  // field to fix (its section is open by now), else at the server's message.
  useEffect(() => {
    if (refusedTick === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? failureRef.current)?.focus();
  }, [refusedTick]);
  const set: SetLinkField = (key, value) => setState((current) => ({ ...current, [key]: value }));
  const toggle = (section: Section) => (isOpen: boolean) =>
    setOpen((current) => {
      if (current.has(section) === isOpen) return current;
      const next = new Set(current);
      if (isOpen) next.add(section);
      else next.delete(section);
      return next;
    });

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const found = validateLinkForm(state, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOpen((current) => new Set([...current, ...sectionsWithErrors(found)]));
      setRefusedTick((n) => n + 1);
      return;
    }
    const result = await action.run(state);
    if (result && !result.ok) {
      setRefusedAlias(refusesAlias(result.error, state.custom) ? state.custom : undefined);
      setRefusedTick((n) => n + 1);
    }
  };

  const errorCount = Object.keys(errors).length;
  // An update sends only what is filled in: a blank choice keeps the link's current value, so it
  // must not read like "the server's default" or "none".
  const keep = mode === 'update' ? t('manage_keep_current_option') : undefined;
  return (
    <form ref={formRef} class="link-editor" onSubmit={onSubmit} aria-busy={action.busy} noValidate>
      {mode === 'update' && <p class="hint">{t('manage_editor_update_hint')}</p>}
      <TextField
        label={t('manage_editor_long_url_label')}
        type="url"
        required
        value={state.url}
        onValue={(v) => set('url', v)}
        error={errors.url}
        placeholder={LONG_URL_EXAMPLE}
      />
      <TextField
        label={t('manage_editor_alias_label')}
        maxLength={TEXT_LIMITS.alias}
        value={state.custom}
        onValue={(v) => set('custom', v)}
        error={
          errors.custom ??
          (refusedAlias !== undefined && refusedAlias === state.custom
            ? t('manage_editor_alias_refused')
            : undefined)
        }
        hint={mode === 'update' ? t('manage_editor_alias_keep_hint') : t('manage_editor_alias_hint')}
      />
      {mode === 'add' && (
        <>
          <TextAreaField
            label={t('manage_editor_description_label')}
            maxLength={TEXT_LIMITS.description}
            error={errors.description}
            value={state.description}
            onValue={(v) => set('description', v)}
          />
          <VisibilityField state={state} set={set} errors={errors} />
        </>
      )}

      <FormSection
        title={t('manage_section_redirect')}
        open={open.has('redirect')}
        onToggle={toggle('redirect')}
      >
        <RedirectTypeField
          cache={cache}
          value={state.type}
          onValue={(v) => set('type', v)}
          active={open.has('redirect')}
          blankLabel={keep}
        />
        <PasswordField state={state} set={set} errors={errors} />
        <DomainField
          cache={cache}
          value={state.domain}
          onValue={(v) => set('domain', v)}
          active={open.has('redirect')}
          error={errors.domain}
          blankLabel={keep}
        />
        <TextField
          label={t('manage_editor_expiry_label')}
          type="datetime-local"
          step={1}
          value={state.expiry}
          onValue={(v) => set('expiry', v)}
          error={errors.expiry}
          hint={mode === 'update' ? t('manage_editor_expiry_keep_hint') : t('manage_editor_expiry_hint')}
        />
      </FormSection>

      <FormSection
        title={t('manage_section_targeting')}
        open={open.has('targeting')}
        onToggle={toggle('targeting')}
      >
        <TargetingFields state={state} set={set} errors={errors} />
      </FormSection>

      <FormSection title={t('manage_section_social')} open={open.has('social')} onToggle={toggle('social')}>
        <SocialFields state={state} set={set} errors={errors} />
      </FormSection>

      <FormSection
        title={t('manage_section_tracking_organisation')}
        open={open.has('tracking')}
        onToggle={toggle('tracking')}
      >
        <PixelsField state={state} set={set} errors={errors} />
        <CampaignChannelFields
          state={state}
          set={set}
          errors={errors}
          active={open.has('tracking')}
          blankLabel={keep}
        />
        <ParametersField state={state} set={set} errors={errors} />
      </FormSection>

      <FormSection
        title={t('manage_section_deeplinks')}
        open={open.has('deeplink')}
        onToggle={toggle('deeplink')}
      >
        <DeeplinkFields state={state} set={set} errors={errors} keepsCurrent={mode === 'update'} />
      </FormSection>

      {errorCount > 0 && (
        <p class="error" role="alert">
          {tPlural('manage_editor_errors', errorCount)}
        </p>
      )}
      {action.error && (
        <div class="failure" ref={failureRef} tabIndex={-1}>
          <ErrorMessage error={action.error} />
        </div>
      )}
      <div class="actions">
        <ActionButton
          type="submit"
          class="primary"
          busy={action.busy}
          busyLabel={mode === 'add' ? t('manage_busy_creating') : t('manage_busy_saving')}
        >
          {submitLabel}
        </ActionButton>
      </div>
    </form>
  );
}
