import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { localeNames } from '@/build/locales';
import { createNotifier } from '@/entrypoints/background/notify';
import { getItem, lastFailureItem } from '@/lib/storage/items';
import { formatMessage } from '../i18n/fake-i18n';

/**
 * What a notification's message may take: Chrome shows two or three lines of it (about 100–120
 * characters) and cuts the rest off; Firefox and the systems' own notification areas show no more.
 */
const NOTIFICATION_CHARS = 120;

const LOCALES = join(import.meta.dirname, '../../../locales');
const LANGUAGES = localeNames(LOCALES);

interface Entry {
  message: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

const backgroundMessages = (language: string): Record<string, Entry> =>
  JSON.parse(readFileSync(join(LOCALES, language, 'background.json'), 'utf8'));

/** Every message a notification shows as its text: background.json without menu items and titles. */
const notificationKeys = (language: string) =>
  Object.keys(backgroundMessages(language)).filter(
    (key) => !key.startsWith('bg_menu_') && !key.endsWith('_title'),
  );

const FORMATS = ['plain', 'markdown', 'html', 'titled'];

/** The longest of a message's plural forms (the message itself when it has none). */
const longestForm = (text: string): string =>
  text.split(/\{(?:zero|one|two|few|many|other)\}/).reduce((a, b) => (b.length > a.length ? b : a), '');

/** The longest wait a retry hint says: a day's worth of hours and minutes, in `language`. */
const longestDuration = (language: string) =>
  formatMessage(
    'common_duration_hours_minutes',
    [
      longestForm(formatMessage('common_duration_hours', ['23'], language)),
      longestForm(formatMessage('common_duration_minutes', ['59'], language)),
    ],
    language,
  );

/** The longest of these messages in `language`, as shown, with `substitutions`. */
function longest(language: string, keys: string[], substitutions: (key: string) => string[]): string {
  return keys
    .map((key) => longestForm(formatMessage(key, substitutions(key), language)))
    .reduce((a, b) => (b.length > a.length ? b : a), '');
}

/** A message with realistic values in its placeholders: the longest the user can meet. */
function shown(language: string, key: string): string {
  const entry = backgroundMessages(language)[key]!;
  const formatName = longest(
    language,
    FORMATS.map((f) => `common_copy_format_${f}`),
    () => [],
  );
  const values: Record<string, string> = {
    url: 'https://sho.rt/spring-sale',
    retry: formatMessage('error_retry_in', [longestDuration(language)], language),
    count: '12',
    format: formatName,
    copied: longest(
      language,
      notificationKeys(language).filter((k) => /^bg_tabs_(copied|not_copied)/.test(k)),
      (k) => (k.endsWith('_as') ? ['12', formatName] : ['12']),
    ),
    failed: longest(
      language,
      notificationKeys(language).filter((k) => k.startsWith('bg_tabs_failed')),
      () => ['3'],
    ),
  };
  const placeholders = Object.entries(entry.placeholders ?? {}).sort(([, a], [, b]) =>
    a.content.localeCompare(b.content),
  );
  return formatMessage(
    key,
    placeholders.map(([name, p]) => values[name] ?? p.example ?? name),
    language,
  );
}

describe('notification messages', () => {
  it.each(LANGUAGES)('fit what the notification area shows, in %s', (language) => {
    const tooLong = notificationKeys(language)
      .map((key) => ({ key, text: longestForm(shown(language, key)) }))
      .filter(({ text }) => text.length > NOTIFICATION_CHARS)
      .map(({ key, text }) => `${key} (${text.length}): ${text}`);
    expect(tooLong).toEqual([]);
  });
});

describe('a failure’s notification', () => {
  let created: { title: string; message: string }[];

  beforeEach(() => {
    fakeBrowser.reset();
    created = [];
    vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (
      _id: string,
      options: { title: string; message: string },
    ) => {
      created.push({ title: options.title, message: options.message });
      return '';
    }) as never);
  });

  it('gives the cause and what to do; the popup gets the whole message', async () => {
    const message =
      'Shortlink could not reach https://sho.rt: nothing was sent. Check the server URL and your connection, then try again.';
    await createNotifier().failed('Could not shorten the link', { kind: 'network', message });

    expect(created).toEqual([
      {
        title: 'Could not shorten the link',
        message: 'The server could not be reached: nothing was sent. Check your connection, then try again.',
      },
    ]);
    expect(await getItem(lastFailureItem)).toEqual({
      title: 'Could not shorten the link',
      message,
      at: expect.any(Number),
    });
  });

  it('says the link may exist only for a create without a clear answer', async () => {
    await createNotifier().failed('Could not shorten the link', {
      kind: 'network',
      message: 'Could not reach https://sho.rt. The link may have been made all the same: …',
      uncertain: true,
    });
    expect(created[0]?.message).toBe(
      'No clear answer from the server: the link may exist. Try again; it will not be made twice.',
    );
  });

  it('is forgotten once a later copy succeeds: the popup must not show it as news', async () => {
    await createNotifier().failed('Could not shorten the link', { kind: 'timeout', message: 'Slow.' });
    await createNotifier().copied('https://sho.rt/a', { reused: false, notify: false, format: 'plain' });
    expect(await getItem(lastFailureItem)).toBeNull();
  });
});
