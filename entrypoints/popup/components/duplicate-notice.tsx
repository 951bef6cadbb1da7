import type { Ref } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { useFocusAfterRender } from '@/components/use-focus-after-render';
import { t, tPlural } from '@/lib/i18n';
import type { CachedLink } from '@/lib/links/cache';
import type { UtmPreset } from '@/lib/settings/schema';
import { presetNameOf } from '@/lib/url/utm';
import { CopyRowButton } from './copy-row-button';

/** Rows listed before "Show N more": the form and Shorten stay in view at the popup's default size. */
const FIRST_ROWS = 3;

interface DuplicateNoticeProps {
  /**
   * Every link made before for the page (at least one): those of exactly the form's address first,
   * then those with a UTM preset's or other tracking parameters, each newest first.
   */
  links: readonly CachedLink[];
  /** The first link is of exactly the form's address: "Copy existing" reuses it. */
  reusable: boolean;
  /** The UTM presets, to name the one a link was made with. */
  presets: readonly UtmPreset[];
  /** The link whose short URL was just copied from its row. */
  copiedId: number | null;
  /** Copies one row's short URL. */
  onCopy: (link: CachedLink) => void;
  /** Reuses the newest link. */
  onCopyExisting: () => void;
  onCreateNew: () => void;
  /** The "Copy existing" button, for the popup to focus: Enter then reuses the newest link. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** A link's UTM preset, campaign, channel and clicks, as the server's list gave them. */
function details(link: CachedLink, presets: readonly UtmPreset[]): string {
  return [
    presetNameOf(link.longUrl, presets),
    link.campaign,
    link.channel,
    tPlural('popup_page_link_clicks', link.clicks),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Offers the links made before for the same page instead of another one: the newest of exactly the
 * form's address is reused by Enter ("Copy existing"); with several, or with only links made with a
 * UTM preset, each is listed with its preset, campaign, channel and clicks and a Copy button of its own.
 */
export function DuplicateNotice({
  links,
  reusable,
  presets,
  copiedId,
  onCopy,
  onCopyExisting,
  onCreateNew,
  buttonRef,
}: DuplicateNoticeProps) {
  const [all, setAll] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const newest = links[0];
  if (!newest) return null;
  const shown = all ? links : links.slice(0, FIRST_ROWS);

  /** 1 to 9 copy the page's listed links: each one key from the clipboard, from the card's buttons. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
    const link = shown[Number(event.key) - 1];
    if (!link || (links.length === 1 && reusable)) return;
    event.preventDefault();
    onCopy(link);
  };

  return (
    <section class="card" aria-label={t('popup_duplicate_label')} onKeyDown={onKeyDown}>
      {links.length === 1 && reusable ? (
        <p class="dup">
          {t('popup_duplicate_text')} <strong dir="ltr">{newest.shortUrl}</strong>{' '}
          <span class="muted small">{details(newest, presets)}</span>
        </p>
      ) : (
        <>
          <p class="dup">{tPlural('popup_page_links_text', links.length)}</p>
          <ul class="page-links" ref={list}>
            {shown.map((link, i) => {
              const said = details(link, presets);
              return (
                <li key={link.id}>
                  <strong dir="ltr" title={link.shortUrl}>
                    {link.shortUrl}
                  </strong>
                  <span class="muted small" dir="auto" title={said}>
                    {said}
                  </span>
                  <CopyRowButton
                    link={link}
                    copied={copiedId === link.id}
                    onCopy={onCopy}
                    shortcut={i < 9 ? String(i + 1) : undefined}
                  />
                </li>
              );
            })}
          </ul>
          {shown.length < links.length && (
            <button
              type="button"
              class="quiet"
              onClick={() => {
                setAll(true);
                // The button goes: the first row it uncovered takes its focus.
                focusAfterRender({
                  get current() {
                    return list.current?.querySelectorAll('button')[FIRST_ROWS] ?? null;
                  },
                });
              }}
            >
              {tPlural('popup_page_links_more', links.length - shown.length)}
            </button>
          )}
        </>
      )}
      <div class="row wrap">
        {reusable && (
          <button type="button" class="primary" ref={buttonRef} onClick={onCopyExisting}>
            {t('popup_copy_existing')}
          </button>
        )}
        <button type="button" onClick={onCreateNew}>
          {t('popup_create_new')}
        </button>
      </div>
    </section>
  );
}
