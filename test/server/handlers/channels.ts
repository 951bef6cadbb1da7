import { type Handler, HttpError, idParam, message, ok, paged, type RequestContext } from '../api';
import { datePart } from '../dates';
import {
  CHANNEL_ITEM_TYPES,
  type ChannelAssignment,
  type ChannelItemType,
  type ChannelRecord,
  type Store,
} from '../store';
import { optionalBoolean, optionalString, requiredString } from '../validate';

const NOT_FOUND = 'Channel not found.';
const DEFAULT_COLOR = '#000000';
const ITEM_NOT_FOUND: Record<ChannelItemType, string> = {
  links: 'Link not found.',
  bio: 'Bio page not found.',
  qr: 'QR code not found.',
};

interface ChannelItem {
  type: ChannelItemType;
  id: number;
  title: string;
  preview: string;
  link: string;
  date: string;
}

/** The item an assignment points at, in the spec's channel-item shape; undefined if it is gone. */
function itemView(store: Store, { type, itemId }: ChannelAssignment): ChannelItem | undefined {
  if (type === 'links') {
    const link = store.link(itemId);
    if (!link) return undefined;
    const title = link.title || link.longurl;
    return {
      type,
      id: link.id,
      title,
      preview: link.longurl,
      link: store.shortUrl(link),
      date: datePart(link.date),
    };
  }
  if (type === 'bio') {
    const page = store.bioPages.find((bio) => bio.id === itemId);
    if (!page) return undefined;
    const url = `${store.baseUrl}/${page.alias}`;
    return { type, id: page.id, title: page.name, preview: url, link: url, date: datePart(page.date) };
  }
  const qr = store.qrCodes.find((code) => code.id === itemId);
  if (!qr) return undefined;
  const preview = `${store.baseUrl}/qr/${qr.id}.png`;
  return { type, id: qr.id, title: qr.name, preview, link: qr.link, date: datePart(qr.date) };
}

function itemExists(store: Store, type: ChannelItemType, id: number): boolean {
  if (type === 'links') return store.link(id) !== undefined;
  if (type === 'bio') return store.bioPages.some((page) => page.id === id);
  return store.qrCodes.some((code) => code.id === id);
}

function readColor(body: Record<string, unknown>): string | undefined {
  const color = optionalString(body, 'color')?.trim();
  if (color !== undefined && !/^#[0-9A-Fa-f]{6}$/.test(color)) {
    throw new HttpError(400, 'The color must be a HEX color such as #1E88E5.');
  }
  return color;
}

function findChannel(context: RequestContext, param: string): ChannelRecord {
  const channel = context.store.channel(idParam(context, param, NOT_FOUND));
  if (!channel) throw new HttpError(404, NOT_FOUND);
  return channel;
}

/** Puts an item in a channel; assigning it twice leaves one entry. */
export function assignItem(store: Store, assignment: ChannelAssignment): void {
  const present = store.assignments.some(
    (existing) =>
      existing.channelId === assignment.channelId &&
      existing.type === assignment.type &&
      existing.itemId === assignment.itemId,
  );
  if (!present) store.assignments.push(assignment);
}

/** GET /api/channels */
export const listChannels: Handler = ({ store, query }) => paged(query, 'channels', store.channels);

/** GET /api/channel/:id: the channel's items, in the order they were assigned. */
export const listChannelItems: Handler = (context) => {
  const { store, query } = context;
  const channel = findChannel(context, 'id');
  const items = store.assignments
    .filter((assignment) => assignment.channelId === channel.id)
    .map((assignment) => itemView(store, assignment))
    .filter((item) => item !== undefined);
  return paged(query, 'items', items);
};

/** POST /api/channel/add: name required; color must be HEX. */
export const addChannel: Handler = ({ store, body }) => {
  const name = requiredString(body, 'name').trim();
  const description = optionalString(body, 'description') ?? '';
  const color = readColor(body) ?? DEFAULT_COLOR;
  const starred = optionalBoolean(body, 'starred') ?? false;
  const channel: ChannelRecord = { id: store.nextId('channels'), name, description, color, starred };
  store.channels.push(channel);
  return ok({ ...channel });
};

/** POST /api/channel/:channelid/assign/:type/:itemid */
export const assignToChannel: Handler = (context) => {
  const { store, params } = context;
  const channel = findChannel(context, 'channelid');
  const type = CHANNEL_ITEM_TYPES.find((known) => known === params.type);
  if (!type) throw new HttpError(400, 'The type must be one of links, bio or qr.');
  const itemId = idParam(context, 'itemid', ITEM_NOT_FOUND[type]);
  if (!itemExists(store, type, itemId)) throw new HttpError(404, ITEM_NOT_FOUND[type]);
  assignItem(store, { channelId: channel.id, type, itemId });
  return message('Item has been added to the channel.');
};

/** PUT /api/channel/:id/update: any subset of name, description, color, starred. */
export const updateChannel: Handler = (context) => {
  const { body } = context;
  const channel = findChannel(context, 'id');
  const name = optionalString(body, 'name');
  if (name !== undefined && name.trim() === '') throw new HttpError(400, 'The name field cannot be empty.');
  const description = optionalString(body, 'description');
  const color = readColor(body);
  const starred = optionalBoolean(body, 'starred');
  if (name !== undefined) channel.name = name.trim();
  if (description !== undefined) channel.description = description;
  if (color !== undefined) channel.color = color;
  if (starred !== undefined) channel.starred = starred;
  return message('Channel has been updated successfully.');
};

/** DELETE /api/channel/:id/delete: the spec says its items are unassigned, not deleted. */
export const deleteChannel: Handler = (context) => {
  const { store } = context;
  const channel = findChannel(context, 'id');
  store.channels = store.channels.filter((existing) => existing !== channel);
  store.assignments = store.assignments.filter((assignment) => assignment.channelId !== channel.id);
  return message('Channel has been deleted successfully.');
};
