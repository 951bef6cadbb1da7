/**
 * How a short link is put on the clipboard: the plain URL, or with its title as Markdown, HTML or
 * "title — url". The default format is a setting; every copy path (popup, menu, shortcut) uses this.
 */

import type { MessageKey } from '../i18n';
import { COPY_FORMATS, type CopyFormat } from '../settings/schema';
import { isHttpUrl } from '../url/rules';

/** The name of each copy format, as the user reads it: the same in Options and the popup's "Copy as…". */
export const FORMAT_NAMES: Record<CopyFormat, MessageKey> = {
  plain: 'common_copy_format_plain',
  markdown: 'common_copy_format_markdown',
  html: 'common_copy_format_html',
  titled: 'common_copy_format_titled',
};

/** What a copy of a link needs. */
export interface CopyPayload {
  shortUrl: string;
  title: string;
}

/**
 * Markdown link text must not close the bracket early, start a new line, open inline HTML or an
 * autolink (`<`), or open a code span (a backtick) that would swallow the link's end.
 */
function markdownText(text: string): string {
  return text.replace(/[\\[\]<>`]/g, '\\$&').replace(/\s+/g, ' ');
}

/** A Markdown link's destination must not close its parenthesis early, nor end at a space or `<`/`>`. */
function markdownUrl(url: string): string {
  return url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function htmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The text to copy; formats that need a title fall back to the URL when there is none. The markup
 * formats link only an http(s) short URL (the server's answer is not trusted to be one): anything
 * else is copied as escaped text, so a paste can never carry a `javascript:` link.
 */
export function formatForCopy(payload: CopyPayload, format: CopyFormat): string {
  const url = payload.shortUrl;
  const title = payload.title.trim();
  const linkable = isHttpUrl(url);
  switch (format) {
    case 'markdown':
      if (!linkable) return markdownText(title ? `${title} — ${url}` : url);
      return `[${markdownText(title || url)}](${markdownUrl(url)})`;
    case 'html':
      if (!linkable) return htmlEscape(title ? `${title} — ${url}` : url);
      return `<a href="${htmlEscape(url)}">${htmlEscape(title || url)}</a>`;
    case 'titled':
      return title ? `${title} — ${url}` : url;
    default:
      return url;
  }
}

/** Parses a stored or imported format name; anything unknown is the plain URL. */
export function parseCopyFormat(value: unknown): CopyFormat {
  return COPY_FORMATS.includes(value as CopyFormat) ? (value as CopyFormat) : 'plain';
}

/** The clipboard flavours of a copy: `text` always; `html` too when rich editors should get a real link. */
export interface ClipboardPayload {
  text: string;
  html?: string;
}

/**
 * What to put on the clipboard for one link. The HTML format goes in both flavours: as text/plain,
 * so a code editor gets the markup, and as text/html, so a mail or document editor gets a link.
 */
export function copyPayloadFor(link: CopyPayload, format: CopyFormat): ClipboardPayload {
  const text = formatForCopy(link, format);
  return format === 'html' ? { text, html: text } : { text };
}

/** What to put on the clipboard for a list of links: one line each, in the given order. */
export function copyPayloadForList(links: readonly CopyPayload[], format: CopyFormat): ClipboardPayload {
  const lines = links.map((link) => formatForCopy(link, format));
  const text = lines.join('\n');
  // In HTML a line break is markup: without <br> a rich editor would run the links together.
  return format === 'html' ? { text, html: lines.join('<br>\n') } : { text };
}

/** A short link under a label of the user's (a UTM preset's name). */
export interface LabelledLink {
  label: string;
  shortUrl: string;
}

/** One labelled line in `format`; the markup formats escape the label, which the user typed. */
function formatLabelled({ label, shortUrl: url }: LabelledLink, format: CopyFormat): string {
  const name = label.trim();
  const linkable = isHttpUrl(url);
  switch (format) {
    case 'markdown':
      if (!linkable) return `- ${markdownText(name)}: ${markdownText(url)}`;
      return `- ${markdownText(name)}: [${markdownText(url)}](${markdownUrl(url)})`;
    case 'html':
      if (!linkable) return `<li>${htmlEscape(name)}: ${htmlEscape(url)}</li>`;
      return `<li>${htmlEscape(name)}: <a href="${htmlEscape(url)}">${htmlEscape(url)}</a></li>`;
    case 'titled':
      return `${name} — ${url}`;
    default:
      return `${name}: ${url}`;
  }
}

/**
 * What to put on the clipboard for links that each carry a label ("X: https://…"), one line each in
 * the given order: a Markdown list, an HTML list (in both flavours, like one HTML link), or lines.
 */
export function copyPayloadForLabelled(links: readonly LabelledLink[], format: CopyFormat): ClipboardPayload {
  const lines = links.map((link) => formatLabelled(link, format));
  if (format !== 'html') return { text: lines.join('\n') };
  const list = `<ul>\n${lines.join('\n')}\n</ul>`;
  return { text: list, html: list };
}
