/** #/domains: branded domains: list, add, edit redirects, delete. */
import { useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { TextField } from '@/components/fields';
import { forgetChoices } from '@/components/server-cache';
import { useStatus } from '@/components/use-status';
import type { BrandedDomain } from '@/lib/api/schemas';
import { t } from '@/lib/i18n';
import { fixInOptions } from '@/lib/present/errors';
import { isHttpUrl } from '@/lib/url/rules';
import { useApi, useServerCache } from './api-context';
import { closeOnEscape, type PagedResource, useAction, usePagedResource } from './hooks';
import { ItemCard, ItemList } from './item-list';
import { ActionButton, SafeLink, StatusMessage } from './ui';

interface DomainFields {
  domain: string;
  redirectroot: string;
  redirect404: string;
}

/** Field → message. The domain must carry its scheme; the redirects are optional URLs. */
function validateDomain(
  fields: DomainFields,
  withDomain: boolean,
): Partial<Record<keyof DomainFields, string>> {
  const errors: Partial<Record<keyof DomainFields, string>> = {};
  const domain = fields.domain.trim();
  if (withDomain) {
    if (domain === '') errors.domain = t('manage_domain_required');
    else if (!isHttpUrl(domain)) errors.domain = t('manage_domain_scheme_required');
  }
  if (fields.redirectroot.trim() && !isHttpUrl(fields.redirectroot.trim()))
    errors.redirectroot = t('manage_url_invalid');
  if (fields.redirect404.trim() && !isHttpUrl(fields.redirect404.trim()))
    errors.redirect404 = t('manage_url_invalid');
  return errors;
}

const DOMAIN_EXAMPLE = 'https://go.example.com';

const optional = (value: string) => value.trim() || undefined;

function AddDomain({ list }: { list: PagedResource<BrandedDomain> }) {
  const api = useApi();
  const cache = useServerCache();
  const blank = { domain: '', redirectroot: '', redirect404: '' };
  const [fields, setFields] = useState<DomainFields>(blank);
  const [errors, setErrors] = useState<ReturnType<typeof validateDomain>>({});
  const [added, setAdded] = useStatus();
  const add = useAction(() =>
    api('addDomain', {
      domain: fields.domain.trim(),
      redirectroot: optional(fields.redirectroot),
      redirect404: optional(fields.redirect404),
    }),
  );
  const set = (key: keyof DomainFields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setAdded(undefined);
    const found = validateDomain(fields, true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await add.run();
    if (!result?.ok) return;
    setAdded(t('manage_domain_added', fields.domain.trim()));
    setFields(blank);
    forgetChoices(cache, 'listDomains');
    list.add({
      id: result.data.id,
      domain: fields.domain.trim(),
      redirectroot: fields.redirectroot.trim(),
      redirect404: fields.redirect404.trim(),
    });
  };
  return (
    <form
      class="card"
      onSubmit={onSubmit}
      aria-labelledby="add-domain-heading"
      aria-busy={add.busy}
      noValidate
    >
      <h2 id="add-domain-heading">{t('manage_domain_add_heading')}</h2>
      <div class="grid">
        <TextField
          label={t('manage_domain_label')}
          type="url"
          required
          value={fields.domain}
          onValue={set('domain')}
          error={errors.domain}
          placeholder={DOMAIN_EXAMPLE}
        />
        <TextField
          label={t('manage_domain_root_redirect_label')}
          type="url"
          value={fields.redirectroot}
          onValue={set('redirectroot')}
          error={errors.redirectroot}
          hint={t('manage_domain_root_redirect_hint')}
        />
        <TextField
          label={t('manage_domain_404_redirect_label')}
          type="url"
          value={fields.redirect404}
          onValue={set('redirect404')}
          error={errors.redirect404}
          hint={t('manage_domain_404_redirect_hint')}
        />
      </div>
      <div class="actions">
        <ActionButton type="submit" class="primary" busy={add.busy} busyLabel={t('manage_busy_adding')}>
          {t('manage_domain_add_button')}
        </ActionButton>
      </div>
      <ErrorMessage error={add.error} />
      <StatusMessage text={added} />
    </form>
  );
}

/**
 * The inline edit form, started with the domain's redirects as listed; it sends only the redirects
 * that changed, and shows them in the list once saved. `onDone` gets the status to show, or nothing
 * when the form was closed unsaved.
 */
function EditDomain({
  domain,
  list,
  onDone,
}: {
  domain: BrandedDomain;
  list: PagedResource<BrandedDomain>;
  onDone: (status: string | undefined) => void;
}) {
  const api = useApi();
  const [fields, setFields] = useState<DomainFields>({
    domain: domain.domain,
    redirectroot: domain.redirectroot,
    redirect404: domain.redirect404,
  });
  const [errors, setErrors] = useState<ReturnType<typeof validateDomain>>({});
  // The API cannot remove a redirect (an empty one is not sent), so a cleared field is no change.
  const changed = (): Partial<DomainFields> => {
    const update: Partial<DomainFields> = {};
    for (const key of ['redirectroot', 'redirect404'] as const) {
      const value = fields[key].trim();
      if (value !== '' && value !== domain[key]) update[key] = value;
    }
    return update;
  };
  const save = useAction((update: Partial<DomainFields>) => api('updateDomain', domain.id, update));
  const set = (key: keyof DomainFields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const found = validateDomain(fields, false);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const update = changed();
    if (Object.keys(update).length === 0) {
      onDone(t('manage_nothing_changed'));
      return;
    }
    const result = await save.run(update);
    if (!result?.ok) return;
    list.patch(domain.id, update);
    onDone(t('manage_domain_saved', domain.domain));
  };
  return (
    <form
      class="edit-form"
      onSubmit={onSubmit}
      // Like the delete confirmation, Escape closes the form and goes back to its Edit button.
      onKeyDown={closeOnEscape(() => onDone(undefined))}
      aria-label={t('manage_domain_edit_form', domain.domain)}
      aria-busy={save.busy}
      noValidate
    >
      <TextField
        label={t('manage_domain_root_redirect_label')}
        type="url"
        value={fields.redirectroot}
        onValue={set('redirectroot')}
        error={errors.redirectroot}
      />
      <TextField
        label={t('manage_domain_404_redirect_label')}
        type="url"
        value={fields.redirect404}
        onValue={set('redirect404')}
        error={errors.redirect404}
      />
      <p class="hint">{t('manage_domain_changed_only_hint')}</p>
      <div class="actions">
        <ActionButton type="submit" class="primary" busy={save.busy} busyLabel={t('manage_busy_saving')}>
          {t('manage_save')}
        </ActionButton>
        <button type="button" onClick={() => onDone(undefined)}>
          {t('manage_cancel')}
        </button>
      </div>
      <ErrorMessage error={save.error} />
    </form>
  );
}

function DomainRow({
  domain,
  list,
  onDeleted,
}: {
  domain: BrandedDomain;
  list: PagedResource<BrandedDomain>;
  onDeleted: (status: string) => void;
}) {
  const api = useApi();
  return (
    <ItemCard
      editLabel={t('manage_domain_edit_button')}
      edit={(done) => <EditDomain domain={domain} list={list} onDone={done} />}
      deleteLabel={t('manage_domain_delete_label', domain.domain)}
      deleteQuestion={t('manage_domain_delete_question', domain.domain)}
      remove={() => api('deleteDomain', domain.id)}
      choices="listDomains"
      deletedStatus={t('manage_domain_deleted', domain.domain)}
      onDeleted={onDeleted}
      onRemoved={() => list.remove(domain.id)}
    >
      <h3>
        <SafeLink url={domain.domain} />
      </h3>
      <dl class="props">
        <dt>{t('manage_domain_root_redirect_label')}</dt>
        <dd>{domain.redirectroot ? <SafeLink url={domain.redirectroot} /> : '—'}</dd>
        <dt>{t('manage_domain_404_redirect_label')}</dt>
        <dd>{domain.redirect404 ? <SafeLink url={domain.redirect404} /> : '—'}</dd>
      </dl>
    </ItemCard>
  );
}

/** The branded domains page. */
export function DomainsView() {
  const domains = usePagedResource('listDomains', (paging) => [paging]);
  return (
    <section aria-labelledby="domains-heading">
      <h1 id="domains-heading">{t('manage_domains_heading')}</h1>
      {!fixInOptions(domains.error) && <AddDomain list={domains} />}
      <ItemList list={domains} empty={t('manage_domains_empty')} pagerLabel={t('manage_domains_pager')}>
        {(domain, onDeleted) => (
          <DomainRow key={domain.id} domain={domain} list={domains} onDeleted={onDeleted} />
        )}
      </ItemList>
    </section>
  );
}
