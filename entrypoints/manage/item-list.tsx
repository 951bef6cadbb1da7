/**
 * The list/edit/delete pattern of campaigns, channels and domains: a paged list of cards, each with
 * an Edit panel and a Delete that asks first, and the status lines that say what happened.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ErrorMessage } from '@/components/error-message';
import { type ChoiceMethod, forgetChoices } from '@/components/server-cache';
import { useStatus } from '@/components/use-status';
import { useServerCache } from './api-context';
import { type PagedResource, type Reply, useAction } from './hooks';
import { PagedList } from './paged-list';
import { ConfirmDelete, PanelToggle, StatusMessage } from './ui';

/**
 * A paged list of item cards. `children` draws one item's card; it gets `onDeleted`, which says the
 * item is gone here, above the list, rather than in the card that goes away with it.
 */
export function ItemList<T extends { id: number }>({
  list,
  empty,
  pagerLabel,
  children,
}: {
  list: PagedResource<T>;
  /** Said when there is nothing at all, e.g. "No campaigns yet." */
  empty: string;
  /** Names the pager's navigation landmark, e.g. "Campaign pages". */
  pagerLabel: string;
  children: (item: T, onDeleted: (status: string) => void) => ComponentChildren;
}) {
  const [deleted, setDeleted] = useStatus();
  return (
    <>
      <StatusMessage text={deleted} />
      <PagedList list={list} empty={empty} pagerLabel={pagerLabel}>
        {(items, busy) => (
          <ul class="items" aria-busy={busy}>
            {items.map((item) => children(item, setDeleted))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

/** The panel a card shows besides its edit form (a campaign's "Assign links"). */
interface ExtraPanel {
  button: string;
  content: ComponentChildren;
}

/**
 * One item's card: `children` (its heading and properties), then its actions — `before` (a link),
 * Edit, the extra panel's button, Delete — and the panel that is open. `edit` draws the edit form;
 * the form shows its change in the list itself (PagedResource.patch) and calls `done` with the status
 * that says it saved, or nothing when it was closed unsaved.
 */
export function ItemCard({
  children,
  before,
  editLabel,
  edit,
  extra,
  deleteLabel,
  deleteQuestion,
  remove,
  choices,
  deletedStatus,
  onDeleted,
  onRemoved,
}: {
  children: ComponentChildren;
  before?: ComponentChildren;
  editLabel: string;
  edit: (done: (savedStatus: string | undefined) => void) => ComponentChildren;
  extra?: ExtraPanel;
  /** The Delete button's accessible name, naming the item. */
  deleteLabel: string;
  deleteQuestion: string;
  remove: () => Reply<unknown>;
  /** The choice list the item appears in, forgotten once it is deleted. */
  choices: ChoiceMethod;
  deletedStatus: string;
  onDeleted: (status: string) => void;
  /** Takes the deleted item out of the list (PagedResource.remove). */
  onRemoved: () => void;
}) {
  const cache = useServerCache();
  const [panel, setPanel] = useState<'edit' | 'extra'>();
  const [saved, setSaved] = useStatus();
  const removal = useAction(remove);
  const onDelete = async () => {
    const result = await removal.run();
    if (result?.ok) {
      forgetChoices(cache, choices);
      onDeleted(deletedStatus);
      onRemoved();
    }
  };
  return (
    <li class="item card">
      {children}
      <div class="actions">
        {before}
        <PanelToggle open={panel === 'edit'} onOpen={(open) => setPanel(open ? 'edit' : undefined)}>
          {editLabel}
        </PanelToggle>
        {extra && (
          <button
            type="button"
            aria-expanded={panel === 'extra'}
            onClick={() => setPanel(panel === 'extra' ? undefined : 'extra')}
          >
            {extra.button}
          </button>
        )}
        <ConfirmDelete
          label={deleteLabel}
          question={deleteQuestion}
          onConfirm={onDelete}
          busy={removal.busy}
        />
      </div>
      <ErrorMessage error={removal.error} />
      <StatusMessage text={saved} />
      {panel === 'edit' &&
        edit((savedStatus) => {
          setPanel(undefined);
          if (savedStatus !== undefined) setSaved(savedStatus);
        })}
      {panel === 'extra' && extra?.content}
    </li>
  );
}
