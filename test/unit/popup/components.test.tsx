import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ChoiceField, namedOptions } from '@/components/fields';
import { DuplicateNotice } from '@/entrypoints/popup/components/duplicate-notice';
import { ErrorAlert } from '@/entrypoints/popup/components/error-alert';
import { RecentLinks } from '@/entrypoints/popup/components/recent-links';
import { ShortenResult } from '@/entrypoints/popup/components/shorten-result';
import type { CachedLink } from '@/lib/links/cache';
import { defaultUtmPresets } from '@/lib/settings/schema';
import { button, choose, click, field, mount, roleText } from '../dom';
import { fakeI18n, formatMessage } from '../i18n/fake-i18n';

const LINK: CachedLink = {
  id: 42,
  alias: 'x',
  shortUrl: 'https://sho.rt/x',
  longUrl: 'https://example.com/a/very/long/path?with=query',
  title: '',
  description: '',
  clicks: 3,
  date: '2031-01-01 10:00:00',
};

describe('ChoiceField', () => {
  const items = [
    { id: 1, name: 'Spring' },
    { id: 2, name: '' },
  ];

  it('offers None and each item, by name or id', async () => {
    await mount(
      <ChoiceField id="c" label="Campaign" options={namedOptions(items)} value="" onValue={() => {}} />,
    );
    expect([...field<HTMLSelectElement>('Campaign').options].map((o) => [o.value, o.text])).toEqual([
      ['', 'None'],
      ['1', 'Spring'],
      ['2', '#2'],
    ]);
  });

  it('keeps a chosen id that is not in the list yet', async () => {
    await mount(
      <ChoiceField id="c" label="Campaign" options={namedOptions(items)} value="7" onValue={() => {}} />,
    );
    expect(field<HTMLSelectElement>('Campaign').value).toBe('7');
  });

  it('reports the chosen id', async () => {
    const onChange = vi.fn();
    await mount(
      <ChoiceField id="c" label="Campaign" options={namedOptions(items)} value="" onValue={onChange} />,
    );
    await choose(field('Campaign'), '1');
    expect(onChange).toHaveBeenCalledWith('1');
  });
});

describe('ErrorAlert', () => {
  const now = 1_000_000;

  it('adds when to retry to a rate-limit message', async () => {
    await mount(
      <ErrorAlert
        error={{ kind: 'rate_limited', message: 'Slow down.', retryAt: now + 10_000 }}
        now={now}
        onOpenOptions={() => {}}
      />,
    );
    expect(roleText('alert')).toBe('Slow down. Try again in 10 seconds.');
  });

  it('takes when to retry from the error’s retryAt, never from the message', async () => {
    await mount(
      <ErrorAlert
        error={{ kind: 'rate_limited', message: 'Limit reached.', retryAt: now + 30_000 }}
        now={now}
        onOpenOptions={() => {}}
      />,
    );
    expect(roleText('alert')).toBe('Limit reached. Try again in 30 seconds.');
  });

  it('says when to retry in the user’s language', async () => {
    Object.assign(fakeBrowser, {
      i18n: { ...fakeI18n, getMessage: (key: string, subs?: string[]) => formatMessage(key, subs, 'de') },
    });
    const said = 'Zu viele Anfragen. Versuchen Sie es in 30 Sekunden erneut.';
    await mount(
      <ErrorAlert
        error={{ kind: 'rate_limited', message: 'Zu viele Anfragen.', retryAt: now + 30_000 }}
        now={now}
        onOpenOptions={() => {}}
      />,
    );
    expect(roleText('alert')).toBe(said);
    await mount(
      <ErrorAlert
        error={{ kind: 'rate_limited', message: 'Langsam.', retryAt: now + 10_000 }}
        now={now}
        onOpenOptions={() => {}}
      />,
    );
    expect(roleText('alert')).toBe('Langsam. Versuchen Sie es in 10 Sekunden erneut.');
  });

  it.each([
    ['a rejected key', 'unauthorized'],
    ['a server Shortlink may not reach, where Grant access is', 'permission_denied'],
  ] as const)('offers Options for %s', async (_name, kind) => {
    const onOpenOptions = vi.fn();
    await mount(<ErrorAlert error={{ kind, message: 'Fix it.' }} now={now} onOpenOptions={onOpenOptions} />);
    await click(button('Open Options'));
    expect(onOpenOptions).toHaveBeenCalledOnce();
  });

  it('offers nothing else for a plain failure', async () => {
    await mount(
      <ErrorAlert error={{ kind: 'server', message: 'Server error.' }} now={now} onOpenOptions={() => {}} />,
    );
    expect(document.querySelectorAll('button')).toHaveLength(0);
  });
});

describe('RecentLinks', () => {
  it('falls back to the long URL as title and keeps the full URL in the title attribute', async () => {
    await mount(
      <RecentLinks shown={[LINK]} total={1} query="" onQuery={() => {}} copiedId={null} onCopy={() => {}} />,
    );
    const title = document.querySelector('.title')!;
    expect(title.textContent).toBe(LINK.longUrl);
    expect(document.querySelector('.long')?.getAttribute('title')).toBe(LINK.longUrl);
    const open = document.querySelector('a')!;
    expect(open.getAttribute('href')).toBe('https://sho.rt/x');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noreferrer');
  });

  it('names each Copy button after its short URL and reports which link to copy', async () => {
    const onCopy = vi.fn();
    await mount(
      <RecentLinks shown={[LINK]} total={1} query="" onQuery={() => {}} copiedId={42} onCopy={onCopy} />,
    );
    const copy = button('Copy https://sho.rt/x');
    expect(copy.textContent).toBe('Copied');
    await click(copy);
    expect(onCopy).toHaveBeenCalledWith(LINK);
  });

  it('tells an empty cache from a search without matches', async () => {
    await mount(
      <RecentLinks shown={[]} total={0} query="" onQuery={() => {}} copiedId={null} onCopy={() => {}} />,
    );
    expect(document.body.textContent).toContain('No links yet.');
    await mount(
      <RecentLinks shown={[]} total={5} query="zz" onQuery={() => {}} copiedId={null} onCopy={() => {}} />,
    );
    expect(document.body.textContent).toContain('No recent link matches.');
  });
});

describe('ShortenResult and DuplicateNotice', () => {
  it('shows the short URL read-only with Copy, the format copied and Details', async () => {
    const onCopy = vi.fn();
    const onCopyAs = vi.fn();
    await mount(
      <ShortenResult link={LINK} copied={null} edited={false} onCopy={onCopy} onCopyAs={onCopyAs} />,
    );
    expect(field('Short URL').value).toBe('https://sho.rt/x');
    expect(document.querySelector('.ok')?.textContent).toBe('');
    await click(button('Copy'));
    expect(onCopy).toHaveBeenCalledOnce();
    await mount(
      <ShortenResult link={LINK} copied="plain" edited={false} onCopy={onCopy} onCopyAs={onCopyAs} />,
    );
    expect(document.querySelector('.ok')?.textContent).toBe('✓ Copied');
    await mount(
      <ShortenResult link={LINK} copied="markdown" edited={false} onCopy={onCopy} onCopyAs={onCopyAs} />,
    );
    expect(document.querySelector('.ok')?.textContent).toBe('✓ Copied as Markdown link');
    expect(document.querySelector('a')?.getAttribute('href')).toBe('/manage.html#/links/42');
  });

  it('copies once in another format from "Copy as…" and goes back to its label', async () => {
    const onCopyAs = vi.fn();
    await mount(
      <ShortenResult link={LINK} copied="plain" edited={false} onCopy={() => {}} onCopyAs={onCopyAs} />,
    );
    const copyAs = field<HTMLSelectElement>('Copy as…');
    expect(copyAs.options[0]?.disabled).toBe(true);
    await choose(copyAs, 'html');
    expect(onCopyAs).toHaveBeenCalledWith('html');
    expect(copyAs.value).toBe('');
  });

  it("lists a page's links made with UTM presets by preset, without reusing one for the plain address", async () => {
    const onCreateNew = vi.fn();
    const presets = defaultUtmPresets();
    await mount(
      <DuplicateNotice
        links={[
          { ...LINK, longUrl: `${LINK.longUrl}&utm_source=linkedin&utm_medium=social`, campaign: 'Spring' },
        ]}
        reusable={false}
        presets={presets}
        copiedId={null}
        onCopy={() => {}}
        onCopyExisting={() => {}}
        onCreateNew={onCreateNew}
      />,
    );
    expect(document.body.textContent).toContain('This page has 1 short link:');
    expect(document.querySelector('.page-links')?.textContent).toContain('LinkedIn · Spring');
    expect(document.body.textContent).not.toContain('Copy existing');
    await click(button('Create new anyway'));
    expect(onCreateNew).toHaveBeenCalledOnce();
  });

  it('offers the existing link first and a new one second', async () => {
    const onCopyExisting = vi.fn();
    const onCreateNew = vi.fn();
    await mount(
      <DuplicateNotice
        links={[LINK]}
        reusable={true}
        presets={[]}
        copiedId={null}
        onCopy={() => {}}
        onCopyExisting={onCopyExisting}
        onCreateNew={onCreateNew}
      />,
    );
    const [first, second] = document.querySelectorAll('button');
    expect(first?.textContent).toBe('Copy existing');
    expect(first?.className).toContain('primary');
    expect(second?.textContent).toBe('Create new anyway');
    await click(button('Create new anyway'));
    expect(onCreateNew).toHaveBeenCalledOnce();
    expect(onCopyExisting).not.toHaveBeenCalled();
  });
});
