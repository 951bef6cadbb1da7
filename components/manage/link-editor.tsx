/**
 * The link form with every field the API takes, for creating a link and for updating one. The
 * model, rules and request bodies live in lib/link-form.ts; this is only the view of them.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type LinkFormErrors, type LinkFormState, validateLinkForm } from '@/lib/link-form';
import type { Result } from '@/lib/protocol';
import { useApi } from './api-context';
import { ChoiceField, useChoices } from './choices';
import { useAction } from './hooks';
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
} from './link-fields';
import { ErrorMessage, TextAreaField, TextField } from './ui';

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
}: {
  state: LinkFormState;
  set: SetLinkField;
  errors: LinkFormErrors;
  active: boolean;
}) {
  const api = useApi();
  const campaigns = useChoices(api, 'listCampaigns', active);
  const channels = useChoices(api, 'listChannels', active);
  return (
    <>
      <ChoiceField
        label="Channel"
        value={state.channel}
        onValue={(v) => set('channel', v)}
        options={
          channels.data?.items.map((c) => ({ value: String(c.id), label: c.name || `#${c.id}` })) ?? []
        }
        loading={channels.loading}
        error={channels.error}
        fieldError={errors.channel}
      />
      <ChoiceField
        label="Campaign"
        value={state.campaign}
        onValue={(v) => set('campaign', v)}
        options={
          campaigns.data?.items.map((c) => ({ value: String(c.id), label: c.name || `#${c.id}` })) ?? []
        }
        loading={campaigns.loading}
        error={campaigns.error}
        fieldError={errors.campaign}
      />
    </>
  );
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
  submit: (state: LinkFormState) => Promise<Result<unknown>>;
  submitLabel: string;
}) {
  const api = useApi();
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [open, setOpen] = useState(() => initiallyOpen(initial));
  const action = useAction(submit);
  const formRef = useRef<HTMLFormElement>(null);
  const [invalidTick, setInvalidTick] = useState(0);
  // After a refused submit, start the user at the first field to fix (its section is open by now).
  useEffect(() => {
    if (invalidTick > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidTick]);
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
      setInvalidTick((n) => n + 1);
      return;
    }
    await action.run(state);
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form ref={formRef} class="link-editor" onSubmit={onSubmit} noValidate>
      {mode === 'update' && (
        <p class="hint">
          Only filled-in fields are sent; a blank field keeps its current value on the server. The server does
          not report every setting of a link, so fields it does not show start blank.
        </p>
      )}
      <TextField
        label="Long URL"
        type="url"
        required
        value={state.url}
        onValue={(v) => set('url', v)}
        error={errors.url}
        placeholder="https://example.com/page"
      />
      <TextField
        label="Custom alias"
        value={state.custom}
        onValue={(v) => set('custom', v)}
        error={errors.custom}
        hint="Leave blank for a random alias."
      />
      {mode === 'add' && (
        <>
          <TextAreaField
            label="Description (note)"
            value={state.description}
            onValue={(v) => set('description', v)}
          />
          <VisibilityField state={state} set={set} errors={errors} />
        </>
      )}

      <FormSection title="Redirect and access" open={open.has('redirect')} onToggle={toggle('redirect')}>
        <RedirectTypeField
          api={api}
          value={state.type}
          onValue={(v) => set('type', v)}
          active={open.has('redirect')}
        />
        <PasswordField state={state} set={set} errors={errors} />
        <DomainField
          api={api}
          value={state.domain}
          onValue={(v) => set('domain', v)}
          active={open.has('redirect')}
          error={errors.domain}
        />
        <TextField
          label="Expiry"
          type="datetime-local"
          step={1}
          value={state.expiry}
          onValue={(v) => set('expiry', v)}
          error={errors.expiry}
          hint="After this moment the link stops redirecting."
        />
      </FormSection>

      <FormSection title="Targeting" open={open.has('targeting')} onToggle={toggle('targeting')}>
        <TargetingFields state={state} set={set} errors={errors} />
      </FormSection>

      <FormSection title="Social preview" open={open.has('social')} onToggle={toggle('social')}>
        <SocialFields state={state} set={set} errors={errors} />
      </FormSection>

      <FormSection
        title="Tracking and organisation"
        open={open.has('tracking')}
        onToggle={toggle('tracking')}
      >
        <PixelsField state={state} set={set} errors={errors} />
        <CampaignChannelFields state={state} set={set} errors={errors} active={open.has('tracking')} />
        <ParametersField state={state} set={set} errors={errors} />
      </FormSection>

      <FormSection title="Deep links" open={open.has('deeplink')} onToggle={toggle('deeplink')}>
        <DeeplinkFields state={state} set={set} errors={errors} />
      </FormSection>

      {errorCount > 0 && (
        <p class="error" role="alert">
          {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} attention before saving.
        </p>
      )}
      <ErrorMessage error={action.error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy}>
          {action.busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
