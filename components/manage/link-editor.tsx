/**
 * The link form with every field the API takes, for creating a link and for updating one. The
 * model, rules and request bodies live in lib/link-form.ts; this is only the view of them.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import {
  type DeeplinkMode,
  type LinkFormErrors,
  type LinkFormState,
  validateLinkForm,
  withUtmRows,
} from '@/lib/link-form';
import type { Result } from '@/lib/protocol';
import { ChoiceField, useChoices } from './choices';
import { useAction } from './hooks';
import { RowsField } from './rows-field';
import { ErrorMessage, SelectField, TextAreaField, TextField } from './ui';

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

function RedirectTypeField({
  value,
  onValue,
  active,
}: {
  value: string;
  onValue: (value: string) => void;
  active: boolean;
}) {
  const id = useId();
  const splash = useChoices('listSplash', active);
  const overlays = useChoices('listOverlays', active);
  const known =
    ['', 'direct', 'frame', 'splash'].includes(value) ||
    splash.data?.items.some((page) => `splash-page:${page.id}` === value) ||
    overlays.data?.items.some((overlay) => `overlay:${overlay.id}` === value);
  return (
    <div class="field">
      <label for={id}>Redirect type</label>
      <select id={id} value={value} onChange={(event) => onValue(event.currentTarget.value)}>
        <option value="">Server default</option>
        <option value="direct">Direct</option>
        <option value="frame">Frame</option>
        <option value="splash">Splash page</option>
        <optgroup label={splash.loading ? 'Custom splash pages (loading…)' : 'Custom splash pages'}>
          {splash.data?.items.map((page) => (
            <option key={page.id} value={`splash-page:${page.id}`}>
              {page.name || `Splash page #${page.id}`}
            </option>
          ))}
        </optgroup>
        <optgroup label={overlays.loading ? 'CTA overlays (loading…)' : 'CTA overlays'}>
          {overlays.data?.items.map((overlay) => (
            <option key={overlay.id} value={`overlay:${overlay.id}`}>
              {overlay.name || `Overlay #${overlay.id}`}
              {overlay.type ? ` (${overlay.type})` : ''}
            </option>
          ))}
        </optgroup>
        {!known && <option value={value}>{value}</option>}
      </select>
      <ErrorMessage error={splash.error} />
      <ErrorMessage error={overlays.error} />
    </div>
  );
}

function DomainField({
  value,
  onValue,
  active,
  error,
}: {
  value: string;
  onValue: (value: string) => void;
  active: boolean;
  error: string | undefined;
}) {
  const domains = useChoices('listDomains', active);
  return (
    <ChoiceField
      label="Domain"
      value={value}
      onValue={onValue}
      noneLabel="Server’s own domain"
      options={domains.data?.items.map((d) => ({ value: d.domain, label: d.domain })) ?? []}
      loading={domains.loading}
      error={domains.error}
      fieldError={error}
      allowOther={false}
    />
  );
}

function CampaignChannelFields({
  state,
  set,
  errors,
  active,
}: {
  state: LinkFormState;
  set: <K extends keyof LinkFormState>(key: K, value: LinkFormState[K]) => void;
  errors: LinkFormErrors;
  active: boolean;
}) {
  const campaigns = useChoices('listCampaigns', active);
  const channels = useChoices('listChannels', active);
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

const DEEPLINK_MODES: { value: DeeplinkMode; label: string }[] = [
  { value: 'none', label: 'No deep links' },
  { value: 'auto', label: 'Automatic (built from the long URL)' },
  { value: 'stores', label: 'App store links' },
];

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
  const set = <K extends keyof LinkFormState>(key: K, value: LinkFormState[K]) =>
    setState((current) => ({ ...current, [key]: value }));
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
          <SelectField
            label="Visibility"
            value={state.status}
            onValue={(v) => set('status', v as LinkFormState['status'])}
            options={[
              { value: '', label: 'Server default (private)' },
              { value: 'private', label: 'Private' },
              { value: 'public', label: 'Public' },
            ]}
          />
        </>
      )}

      <FormSection title="Redirect and access" open={open.has('redirect')} onToggle={toggle('redirect')}>
        <RedirectTypeField value={state.type} onValue={(v) => set('type', v)} active={open.has('redirect')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={state.password}
          onValue={(v) => set('password', v)}
          hint="Visitors must enter it before being redirected."
        />
        <DomainField
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
        <RowsField
          name="geotarget"
          legend="Geo targets"
          rows={state.geotarget}
          parts={[
            { key: 'location', label: 'Country or region', placeholder: 'Germany' },
            { key: 'link', label: 'Target URL', type: 'url', placeholder: 'https://' },
          ]}
          onRows={(rows) => set('geotarget', rows)}
          errors={errors}
          blank={() => ({ location: '', link: '' })}
          addLabel="Add geo target"
        />
        <RowsField
          name="devicetarget"
          legend="Device targets"
          rows={state.devicetarget}
          parts={[
            { key: 'device', label: 'Device', placeholder: 'iPhone' },
            { key: 'link', label: 'Target URL', type: 'url', placeholder: 'https://' },
          ]}
          onRows={(rows) => set('devicetarget', rows)}
          errors={errors}
          blank={() => ({ device: '', link: '' })}
          addLabel="Add device target"
        />
        <RowsField
          name="languagetarget"
          legend="Language targets"
          rows={state.languagetarget}
          parts={[
            { key: 'language', label: 'Language code', placeholder: 'en' },
            { key: 'link', label: 'Target URL', type: 'url', placeholder: 'https://' },
          ]}
          onRows={(rows) => set('languagetarget', rows)}
          errors={errors}
          blank={() => ({ language: '', link: '' })}
          addLabel="Add language target"
        />
      </FormSection>

      <FormSection title="Social preview" open={open.has('social')} onToggle={toggle('social')}>
        <TextField label="Meta title" value={state.metatitle} onValue={(v) => set('metatitle', v)} />
        <TextAreaField
          label="Meta description"
          value={state.metadescription}
          onValue={(v) => set('metadescription', v)}
        />
        <TextField
          label="Meta image URL"
          type="url"
          value={state.metaimage}
          onValue={(v) => set('metaimage', v)}
          error={errors.metaimage}
          hint="A .jpg or .png image."
        />
      </FormSection>

      <FormSection
        title="Tracking and organisation"
        open={open.has('tracking')}
        onToggle={toggle('tracking')}
      >
        <TextField
          label="Pixel ids"
          value={state.pixels}
          onValue={(v) => set('pixels', v)}
          error={errors.pixels}
          hint="Comma-separated, e.g. 3, 7"
          inputMode="numeric"
        />
        <CampaignChannelFields state={state} set={set} errors={errors} active={open.has('tracking')} />
        <RowsField
          name="parameters"
          legend="Parameters"
          rows={state.parameters}
          parts={[
            { key: 'name', label: 'Name', placeholder: 'utm_source' },
            { key: 'value', label: 'Value' },
          ]}
          onRows={(rows) => set('parameters', rows)}
          errors={errors}
          blank={() => ({ name: '', value: '' })}
          addLabel="Add parameter"
          extra={
            <button type="button" onClick={() => set('parameters', withUtmRows(state.parameters))}>
              UTM preset
            </button>
          }
        />
      </FormSection>

      <FormSection title="Deep links" open={open.has('deeplink')} onToggle={toggle('deeplink')}>
        <fieldset>
          <legend>Deep links into apps</legend>
          {DEEPLINK_MODES.map((option) => (
            <label class="radio" key={option.value}>
              <input
                type="radio"
                name="deeplink"
                value={option.value}
                checked={state.deeplink === option.value}
                onChange={() => set('deeplink', option.value)}
              />{' '}
              {option.label}
            </label>
          ))}
        </fieldset>
        {state.deeplink === 'stores' && (
          <>
            <TextField
              label="App Store (iOS) link"
              type="url"
              value={state.deeplinkApple}
              onValue={(v) => set('deeplinkApple', v)}
              error={errors.deeplinkApple}
            />
            <TextField
              label="Google Play (Android) link"
              type="url"
              value={state.deeplinkGoogle}
              onValue={(v) => set('deeplinkGoogle', v)}
              error={errors.deeplinkGoogle}
            />
          </>
        )}
        <p class="hint">Set device targets as well, so phones are sent to the app.</p>
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
