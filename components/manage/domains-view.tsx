/** #/domains: branded domains: list, add, edit redirects, delete. */
import { useState } from 'preact/hooks';
import type { BrandedDomain } from '@/lib/api/schemas';
import { isHttpUrl } from '@/lib/url';
import { useApi } from './api-context';
import { forgetChoices } from './choices';
import { useAction, useLoad, useStepBackFromEmptyPage } from './hooks';
import { PAGE_SIZE } from './links-view';
import { ConfirmDelete, ErrorMessage, LoadState, Pager, SafeLink, StatusMessage, TextField } from './ui';

interface DomainFields {
  domain: string;
  redirectroot: string;
  redirect404: string;
}

const URL_MESSAGE = 'Enter a full web address starting with http:// or https://.';

/** Field → message. The domain must carry its scheme; the redirects are optional URLs. */
export function validateDomain(
  fields: DomainFields,
  withDomain: boolean,
): Partial<Record<keyof DomainFields, string>> {
  const errors: Partial<Record<keyof DomainFields, string>> = {};
  const domain = fields.domain.trim();
  if (withDomain) {
    if (domain === '') errors.domain = 'Enter the domain, e.g. https://go.example.com.';
    else if (!isHttpUrl(domain)) errors.domain = 'Include the scheme: https://go.example.com (or http://).';
  }
  if (fields.redirectroot.trim() && !isHttpUrl(fields.redirectroot.trim())) errors.redirectroot = URL_MESSAGE;
  if (fields.redirect404.trim() && !isHttpUrl(fields.redirect404.trim())) errors.redirect404 = URL_MESSAGE;
  return errors;
}

const optional = (value: string) => value.trim() || undefined;

function AddDomain({ onAdded }: { onAdded: () => void }) {
  const api = useApi();
  const blank = { domain: '', redirectroot: '', redirect404: '' };
  const [fields, setFields] = useState<DomainFields>(blank);
  const [errors, setErrors] = useState<ReturnType<typeof validateDomain>>({});
  const [added, setAdded] = useState<string>();
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
    setAdded(`${fields.domain.trim()} added. It must already point to the link server.`);
    setFields(blank);
    forgetChoices(api, 'listDomains');
    onAdded();
  };
  return (
    <form class="card" onSubmit={onSubmit} aria-labelledby="add-domain-heading" noValidate>
      <h2 id="add-domain-heading">Add a branded domain</h2>
      <div class="grid">
        <TextField
          label="Domain"
          type="url"
          required
          value={fields.domain}
          onValue={set('domain')}
          error={errors.domain}
          placeholder="https://go.example.com"
        />
        <TextField
          label="Root redirect"
          type="url"
          value={fields.redirectroot}
          onValue={set('redirectroot')}
          error={errors.redirectroot}
          hint="Where visitors of the bare domain go."
        />
        <TextField
          label="404 redirect"
          type="url"
          value={fields.redirect404}
          onValue={set('redirect404')}
          error={errors.redirect404}
          hint="Where unknown short links go."
        />
      </div>
      <div class="actions">
        <button type="submit" class="primary" disabled={add.busy}>
          Add domain
        </button>
      </div>
      <ErrorMessage error={add.error} />
      <StatusMessage text={added} />
    </form>
  );
}

function EditDomain({ domain, onDone }: { domain: BrandedDomain; onDone: (changed: boolean) => void }) {
  const api = useApi();
  const [fields, setFields] = useState<DomainFields>({
    domain: domain.domain,
    redirectroot: domain.redirectroot,
    redirect404: domain.redirect404,
  });
  const [errors, setErrors] = useState<ReturnType<typeof validateDomain>>({});
  const save = useAction(() =>
    api('updateDomain', domain.id, {
      redirectroot: optional(fields.redirectroot),
      redirect404: optional(fields.redirect404),
    }),
  );
  const set = (key: keyof DomainFields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const found = validateDomain(fields, false);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await save.run();
    if (result?.ok) onDone(true);
  };
  return (
    <form class="edit-form" onSubmit={onSubmit} aria-label={`Edit ${domain.domain}`} noValidate>
      <TextField
        label="Root redirect"
        type="url"
        value={fields.redirectroot}
        onValue={set('redirectroot')}
        error={errors.redirectroot}
      />
      <TextField
        label="404 redirect"
        type="url"
        value={fields.redirect404}
        onValue={set('redirect404')}
        error={errors.redirect404}
      />
      <p class="hint">A blank field keeps its current value.</p>
      <div class="actions">
        <button type="submit" class="primary" disabled={save.busy}>
          Save
        </button>
        <button type="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
      <ErrorMessage error={save.error} />
    </form>
  );
}

function DomainRow({ domain, onChanged }: { domain: BrandedDomain; onChanged: () => void }) {
  const api = useApi();
  const [editing, setEditing] = useState(false);
  const remove = useAction(() => api('deleteDomain', domain.id));
  const onDelete = async () => {
    const result = await remove.run();
    if (result?.ok) {
      forgetChoices(api, 'listDomains');
      onChanged();
    }
  };
  return (
    <li class="item card">
      <h3>
        <SafeLink url={domain.domain} />
      </h3>
      <dl class="props">
        <dt>Root redirect</dt>
        <dd>{domain.redirectroot ? <SafeLink url={domain.redirectroot} /> : '—'}</dd>
        <dt>404 redirect</dt>
        <dd>{domain.redirect404 ? <SafeLink url={domain.redirect404} /> : '—'}</dd>
      </dl>
      <div class="actions">
        <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          Edit redirects
        </button>
        <ConfirmDelete
          what={`domain ${domain.domain}`}
          warning="Short links on it stop working."
          onConfirm={onDelete}
          busy={remove.busy}
        />
      </div>
      <ErrorMessage error={remove.error} />
      {editing && (
        <EditDomain
          domain={domain}
          onDone={(changed) => {
            setEditing(false);
            if (changed) onChanged();
          }}
        />
      )}
    </li>
  );
}

/** The branded domains page. */
export function DomainsView() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const domains = useLoad(() => api('listDomains', { limit: PAGE_SIZE, page }), [api, page]);
  useStepBackFromEmptyPage(domains.data, setPage);
  return (
    <section aria-labelledby="domains-heading">
      <h1 id="domains-heading">Branded domains</h1>
      <AddDomain onAdded={domains.reload} />
      <LoadState loading={domains.loading && !domains.data} error={domains.error} onRetry={domains.reload} />
      {domains.data && (
        <>
          {domains.data.items.length === 0 ? (
            <p>No branded domains yet.</p>
          ) : (
            <ul class="items" aria-busy={domains.loading}>
              {domains.data.items.map((domain) => (
                <DomainRow key={domain.id} domain={domain} onChanged={domains.reload} />
              ))}
            </ul>
          )}
          <Pager label="Domain pages" page={domains.data} onPage={setPage} busy={domains.loading} />
        </>
      )}
    </section>
  );
}
