/**
 * Groups of link fields shared by the management page's link editor and the popup's "More options":
 * redirect type, branded domain, targeting rows, social preview, parameters and deep links. Each
 * group is only a view of `LinkFormState`; rules and request bodies live in lib/link-form.ts.
 */
import { useId } from 'preact/hooks';
import type { CallApi } from '@/lib/api-call';
import { type DeeplinkMode, type LinkFormErrors, type LinkFormState, withUtmRows } from '@/lib/link-form';
import { ChoiceField, useChoices } from './choices';
import { RowsField } from './rows-field';
import { ErrorMessage, SelectField, TextAreaField, TextField } from './ui';

/** Sets one field of the form. */
export type SetLinkField = <K extends keyof LinkFormState>(key: K, value: LinkFormState[K]) => void;

/** What every field group gets: the form, its setter and its errors. */
export interface LinkFieldsProps {
  state: LinkFormState;
  set: SetLinkField;
  errors: LinkFormErrors;
}

/**
 * Direct, frame, splash, or one of the server's custom splash pages or CTA overlays; the two lists
 * load through `api` once `active` is true.
 */
export function RedirectTypeField({
  api,
  value,
  onValue,
  active,
}: {
  api: CallApi;
  value: string;
  onValue: (value: string) => void;
  active: boolean;
}) {
  const id = useId();
  const splash = useChoices(api, 'listSplash', active);
  const overlays = useChoices(api, 'listOverlays', active);
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

/** The server's own domain or one of its branded domains; the list loads through `api` once `active` is true. */
export function DomainField({
  api,
  value,
  onValue,
  active,
  error,
}: {
  api: CallApi;
  value: string;
  onValue: (value: string) => void;
  active: boolean;
  error: string | undefined;
}) {
  const domains = useChoices(api, 'listDomains', active);
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

/** The password visitors must enter before being redirected. */
export function PasswordField({ state, set }: LinkFieldsProps) {
  return (
    <TextField
      label="Password"
      type="password"
      autoComplete="new-password"
      value={state.password}
      onValue={(v) => set('password', v)}
      hint="Visitors must enter it before being redirected."
    />
  );
}

/**
 * Public or private. With `serverDefault` there is a third choice that sends nothing (the server then
 * makes the link private); without it the form's value (e.g. a profile's default) is always sent.
 */
export function VisibilityField({
  state,
  set,
  serverDefault = true,
}: LinkFieldsProps & { serverDefault?: boolean }) {
  return (
    <SelectField
      label="Visibility"
      value={state.status}
      onValue={(v) => set('status', v as LinkFormState['status'])}
      options={[
        ...(serverDefault ? [{ value: '', label: 'Server default (private)' }] : []),
        { value: 'private', label: 'Private' },
        { value: 'public', label: 'Public' },
      ]}
    />
  );
}

/** Geo, device and language targets: rows of a name and the URL its visitors go to. */
export function TargetingFields({ state, set, errors }: LinkFieldsProps) {
  return (
    <>
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
    </>
  );
}

/** Meta title, description and image: what a social network shows for the link. */
export function SocialFields({ state, set, errors }: LinkFieldsProps) {
  return (
    <>
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
    </>
  );
}

/** The comma-separated pixel ids. */
export function PixelsField({ state, set, errors }: LinkFieldsProps) {
  return (
    <TextField
      label="Pixel ids"
      value={state.pixels}
      onValue={(v) => set('pixels', v)}
      error={errors.pixels}
      hint="Comma-separated, e.g. 3, 7"
      inputMode="numeric"
    />
  );
}

/** Extra parameters as name/value rows, with a button that adds the UTM rows. */
export function ParametersField({ state, set, errors }: LinkFieldsProps) {
  return (
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
  );
}

const DEEPLINK_MODES: { value: DeeplinkMode; label: string }[] = [
  { value: 'none', label: 'No deep links' },
  { value: 'auto', label: 'Automatic (built from the long URL)' },
  { value: 'stores', label: 'App store links' },
];

/** No deep links, automatic ones, or the two app-store links. */
export function DeeplinkFields({ state, set, errors }: LinkFieldsProps) {
  return (
    <>
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
    </>
  );
}
