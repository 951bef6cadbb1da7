/**
 * The popup's "More options" panel: every creation field the main form does not have. The state
 * lives in the popup (hooks/use-shorten-form.ts, rules in ../more-options.ts); this is only its view.
 */
import { useMemo } from 'preact/hooks';
import { TextAreaField } from '@/components/fields';
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
import { createServerCache } from '@/components/server-cache';
import { t } from '@/lib/i18n';
import type { LinkFormErrors } from '@/lib/links/link-form';
import { callApi } from '@/lib/messaging/call-api';
import type { LinkFormState } from '@/lib/storage/items';
import { TEXT_LIMITS } from '@/lib/text-limits';

interface MoreOptionsProps {
  /** The panel's id, for the disclosure button's aria-controls. */
  id: string;
  /** Collapsed: kept in the page (what was typed and loaded stays) but not shown. */
  hidden: boolean;
  /** The active profile: its server's lists are loaded, again after a switch. */
  profileId: string;
  state: LinkFormState;
  errors: LinkFormErrors;
  onChange: (patch: Partial<LinkFormState>) => void;
}

/** The panel. Its domain, splash-page and overlay lists load from the server when it first renders. */
export function MoreOptions({ id, hidden, profileId, state, errors, onChange }: MoreOptionsProps) {
  // One cache per profile: another server's lists never show for this one.
  const cache = useMemo(() => createServerCache(callApi), [profileId]);
  const set: SetLinkField = (key, value) => onChange({ [key]: value });
  const fields = { state, set, errors };
  return (
    <div id={id} class="more" hidden={hidden}>
      <section aria-labelledby="more-redirect">
        <h2 id="more-redirect">{t('manage_section_redirect')}</h2>
        <RedirectTypeField cache={cache} value={state.type} onValue={(v) => set('type', v)} active />
        <DomainField
          cache={cache}
          value={state.domain}
          onValue={(v) => set('domain', v)}
          active
          error={errors.domain}
        />
        <div class="grid">
          <PasswordField {...fields} />
          <VisibilityField {...fields} serverDefault={false} />
        </div>
        <TextAreaField
          label={t('manage_more_description_label')}
          rows={2}
          maxLength={TEXT_LIMITS.description}
          error={errors.description}
          value={state.description}
          onValue={(v) => set('description', v)}
        />
      </section>
      <section aria-labelledby="more-targeting">
        <h2 id="more-targeting">{t('manage_section_targeting')}</h2>
        <TargetingFields {...fields} />
      </section>
      <section aria-labelledby="more-social">
        <h2 id="more-social">{t('manage_section_social')}</h2>
        <SocialFields {...fields} />
      </section>
      <section aria-labelledby="more-tracking">
        <h2 id="more-tracking">{t('manage_section_tracking')}</h2>
        <PixelsField {...fields} />
        <ParametersField {...fields} />
      </section>
      <section aria-labelledby="more-deeplinks">
        <h2 id="more-deeplinks">{t('manage_section_deeplinks')}</h2>
        <DeeplinkFields {...fields} />
      </section>
    </div>
  );
}
