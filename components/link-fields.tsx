/**
 * Groups of link fields shared by the management page's link editor and the popup's "More options":
 * redirect type, branded domain, targeting rows, social preview, parameters and deep links. Each
 * group is only a view of `LinkFormState`; rules and request bodies live in lib/links/link-form.ts.
 */
import { useId } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { ChoiceField, Field, SelectField, TextAreaField, TextField } from '@/components/fields';
import { type MessageKey, t } from '@/lib/i18n';
import { type DeeplinkMode, type LinkFormErrors, withUtmRows } from '@/lib/links/link-form';
import { overlayTypeLabel } from '@/lib/present/labels';
import type { LinkFormState } from '@/lib/storage/items';
import { TEXT_LIMITS } from '@/lib/text-limits';
import { RowsField } from './rows-field';
import { type ServerCache, useChoices } from './server-cache';

/** Sets one field of the form. */
export type SetLinkField = <K extends keyof LinkFormState>(key: K, value: LinkFormState[K]) => void;

/** What every field group gets: the form, its setter and its errors. */
interface LinkFieldsProps {
  state: LinkFormState;
  set: SetLinkField;
  errors: LinkFormErrors;
}

/**
 * Direct, frame, splash, or one of the server's custom splash pages or CTA overlays; the two lists
 * load through `cache` once `active` is true. `blankLabel` names the empty choice (the server's
 * default when creating, the current value when updating).
 */
export function RedirectTypeField({
  cache,
  value,
  onValue,
  active,
  blankLabel = t('manage_redirect_type_default'),
}: {
  cache: ServerCache;
  value: string;
  onValue: (value: string) => void;
  active: boolean;
  blankLabel?: string;
}) {
  const id = useId();
  const splash = useChoices(cache, 'listSplash', active);
  const overlays = useChoices(cache, 'listOverlays', active);
  const known =
    ['', 'direct', 'frame', 'splash'].includes(value) ||
    splash.data?.items.some((page) => `splash-page:${page.id}` === value) ||
    overlays.data?.items.some((overlay) => `overlay:${overlay.id}` === value);
  return (
    <Field
      id={id}
      label={t('manage_redirect_type_label')}
      control={(aria) => (
        <select id={id} value={value} onChange={(event) => onValue(event.currentTarget.value)} {...aria}>
          <option value="">{blankLabel}</option>
          <option value="direct">{t('manage_redirect_type_direct')}</option>
          <option value="frame">{t('manage_redirect_type_frame')}</option>
          <option value="splash">{t('manage_redirect_type_splash')}</option>
          <optgroup
            label={
              splash.loading
                ? t('manage_redirect_type_splash_pages_loading')
                : t('manage_redirect_type_splash_pages')
            }
          >
            {splash.data?.items.map((page) => (
              <option key={page.id} value={`splash-page:${page.id}`}>
                {page.name || t('manage_redirect_type_splash_page_untitled', page.id)}
              </option>
            ))}
          </optgroup>
          <optgroup
            label={
              overlays.loading
                ? t('manage_redirect_type_overlays_loading')
                : t('manage_redirect_type_overlays')
            }
          >
            {overlays.data?.items.map((overlay) => {
              const name = overlay.name || t('manage_redirect_type_overlay_untitled', overlay.id);
              return (
                <option key={overlay.id} value={`overlay:${overlay.id}`}>
                  {overlay.type
                    ? t('manage_redirect_type_overlay_with_type', name, overlayTypeLabel(overlay.type))
                    : name}
                </option>
              );
            })}
          </optgroup>
          {!known && <option value={value}>{value}</option>}
        </select>
      )}
    >
      <ErrorMessage error={splash.error} />
      <ErrorMessage error={overlays.error} />
    </Field>
  );
}

/**
 * The server's own domain or one of its branded domains; the list loads through `cache` once
 * `active` is true. `blankLabel` names the empty choice, as for the redirect type.
 */
export function DomainField({
  cache,
  value,
  onValue,
  active,
  error,
  blankLabel = t('manage_domain_server_default'),
}: {
  cache: ServerCache;
  value: string;
  onValue: (value: string) => void;
  active: boolean;
  error: string | undefined;
  blankLabel?: string;
}) {
  const domains = useChoices(cache, 'listDomains', active);
  return (
    <ChoiceField
      label={t('manage_domain_label')}
      value={value}
      onValue={onValue}
      noneLabel={blankLabel}
      options={domains.data?.items.map((d) => ({ value: d.domain, label: d.domain })) ?? []}
      loading={domains.loading}
      error={error}
    >
      <ErrorMessage error={domains.error} />
    </ChoiceField>
  );
}

/** The password visitors must enter before being redirected. */
export function PasswordField({ state, set, errors }: LinkFieldsProps) {
  return (
    <TextField
      label={t('manage_password_label')}
      type="password"
      autoComplete="new-password"
      maxLength={TEXT_LIMITS.password}
      error={errors.password}
      value={state.password}
      onValue={(v) => set('password', v)}
      hint={t('manage_password_hint')}
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
      label={t('manage_visibility_label')}
      value={state.status}
      onValue={(v) => set('status', v as LinkFormState['status'])}
      options={[
        ...(serverDefault ? [{ value: '', label: t('manage_visibility_default') }] : []),
        { value: 'private', label: t('manage_visibility_private') },
        { value: 'public', label: t('manage_visibility_public') },
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
        legend={t('manage_geo_targets_legend')}
        rows={state.geotarget}
        parts={[
          {
            key: 'location',
            label: t('manage_geo_target_location_label'),
            placeholder: t('manage_geo_target_location_placeholder'),
          },
          { key: 'link', label: t('manage_target_url_label'), type: 'url', placeholder: 'https://' },
        ]}
        onRows={(rows) => set('geotarget', rows)}
        errors={errors}
        blank={() => ({ location: '', link: '' })}
        addLabel={t('manage_geo_target_add')}
      />
      <RowsField
        name="devicetarget"
        legend={t('manage_device_targets_legend')}
        rows={state.devicetarget}
        parts={[
          { key: 'device', label: t('manage_device_target_device_label'), placeholder: 'iPhone' },
          { key: 'link', label: t('manage_target_url_label'), type: 'url', placeholder: 'https://' },
        ]}
        onRows={(rows) => set('devicetarget', rows)}
        errors={errors}
        blank={() => ({ device: '', link: '' })}
        addLabel={t('manage_device_target_add')}
      />
      <RowsField
        name="languagetarget"
        legend={t('manage_language_targets_legend')}
        rows={state.languagetarget}
        parts={[
          { key: 'language', label: t('manage_language_target_code_label'), placeholder: 'en' },
          { key: 'link', label: t('manage_target_url_label'), type: 'url', placeholder: 'https://' },
        ]}
        onRows={(rows) => set('languagetarget', rows)}
        errors={errors}
        blank={() => ({ language: '', link: '' })}
        addLabel={t('manage_language_target_add')}
      />
    </>
  );
}

/** Meta title, description and image: what a social network shows for the link. */
export function SocialFields({ state, set, errors }: LinkFieldsProps) {
  return (
    <>
      <TextField
        label={t('manage_meta_title_label')}
        maxLength={TEXT_LIMITS.title}
        error={errors.metatitle}
        value={state.metatitle}
        onValue={(v) => set('metatitle', v)}
      />
      <TextAreaField
        label={t('manage_meta_description_label')}
        maxLength={TEXT_LIMITS.description}
        error={errors.metadescription}
        value={state.metadescription}
        onValue={(v) => set('metadescription', v)}
      />
      <TextField
        label={t('manage_meta_image_label')}
        type="url"
        value={state.metaimage}
        onValue={(v) => set('metaimage', v)}
        error={errors.metaimage}
        hint={t('manage_meta_image_hint')}
      />
    </>
  );
}

/** The comma-separated pixel ids. */
export function PixelsField({ state, set, errors }: LinkFieldsProps) {
  return (
    <TextField
      label={t('manage_pixels_label')}
      value={state.pixels}
      onValue={(v) => set('pixels', v)}
      error={errors.pixels}
      hint={t('manage_pixels_hint')}
      inputMode="numeric"
    />
  );
}

/** Extra parameters as name/value rows, with a button that adds the UTM rows. */
export function ParametersField({ state, set, errors }: LinkFieldsProps) {
  return (
    <RowsField
      name="parameters"
      legend={t('manage_parameters_legend')}
      rows={state.parameters}
      parts={[
        { key: 'name', label: t('manage_parameter_name_label'), placeholder: 'utm_source' },
        { key: 'value', label: t('manage_parameter_value_label') },
      ]}
      onRows={(rows) => set('parameters', rows)}
      errors={errors}
      blank={() => ({ name: '', value: '' })}
      addLabel={t('manage_parameter_add')}
      extra={
        <button type="button" onClick={() => set('parameters', withUtmRows(state.parameters))}>
          {t('manage_parameters_utm_preset')}
        </button>
      }
    />
  );
}

const DEEPLINK_MODES: { value: DeeplinkMode; label: MessageKey }[] = [
  { value: 'none', label: 'manage_deeplink_none' },
  { value: 'auto', label: 'manage_deeplink_auto' },
  { value: 'stores', label: 'manage_deeplink_stores' },
];

/**
 * No deep links, automatic ones, or the two app-store links. With `keepsCurrent` (updating a link)
 * the first choice sends nothing and so leaves the link's deep links as they are: it says so.
 */
export function DeeplinkFields({
  state,
  set,
  errors,
  keepsCurrent = false,
}: LinkFieldsProps & { keepsCurrent?: boolean }) {
  return (
    <>
      <fieldset>
        <legend>{t('manage_deeplink_legend')}</legend>
        {DEEPLINK_MODES.map((option) => (
          <label class="radio" key={option.value}>
            <input
              type="radio"
              name="deeplink"
              value={option.value}
              checked={state.deeplink === option.value}
              onChange={() => set('deeplink', option.value)}
            />{' '}
            {keepsCurrent && option.value === 'none' ? t('manage_keep_current_option') : t(option.label)}
          </label>
        ))}
      </fieldset>
      {state.deeplink === 'stores' && (
        <>
          <TextField
            label={t('manage_deeplink_apple_label')}
            type="url"
            value={state.deeplinkApple}
            onValue={(v) => set('deeplinkApple', v)}
            error={errors.deeplinkApple}
          />
          <TextField
            label={t('manage_deeplink_google_label')}
            type="url"
            value={state.deeplinkGoogle}
            onValue={(v) => set('deeplinkGoogle', v)}
            error={errors.deeplinkGoogle}
          />
        </>
      )}
      <p class="hint">{t('manage_deeplink_hint')}</p>
    </>
  );
}
