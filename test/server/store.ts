import { seedData } from './seed';

export interface AccountRecord {
  id: number;
  email: string;
  username: string;
  avatar: string;
  status: string;
  expires: string;
  registered: string;
  /** Kept so tests can see an update landed; never returned by the API. */
  password: string;
}

export interface DomainRecord {
  id: number;
  /** Origin with scheme and no trailing slash, e.g. `https://go.example.com`. */
  domain: string;
  redirectroot: string;
  redirect404: string;
}

export interface SplashRecord {
  id: number;
  name: string;
  date: string;
}

export interface OverlayRecord {
  id: number;
  type: string;
  name: string;
  date: string;
}

export interface CampaignRecord {
  id: number;
  name: string;
  /** Rotator slug; null means the campaign has no rotator. */
  slug: string | null;
  public: boolean;
  /** The spec's sample list shows one campaign whose name sits under `domain`; seed reproduces it. */
  nameKey: 'name' | 'domain';
}

export interface ChannelRecord {
  id: number;
  name: string;
  description: string;
  color: string;
  starred: boolean;
}

export const CHANNEL_ITEM_TYPES = ['links', 'bio', 'qr'] as const;
export type ChannelItemType = (typeof CHANNEL_ITEM_TYPES)[number];

/** One item placed in one channel; an item may sit in several channels. */
export interface ChannelAssignment {
  channelId: number;
  type: ChannelItemType;
  itemId: number;
}

/** Bio pages and QR codes exist only so channel items of those types can be assigned. */
export interface BioPageRecord {
  id: number;
  name: string;
  alias: string;
  date: string;
}

export interface QrCodeRecord {
  id: number;
  name: string;
  link: string;
  date: string;
}

interface GeoTarget {
  location: string;
  link: string;
}

interface DeviceTarget {
  device: string;
  link: string;
}

interface LanguageTarget {
  language: string;
  link: string;
}

interface LinkParameter {
  name: string;
  value: string;
}

export interface LinkRecord {
  id: number;
  alias: string;
  /** Branded domain origin, or null for the server's own URL. */
  domain: string | null;
  longurl: string;
  title: string;
  description: string;
  date: string;
  clicks: number;
  type: string;
  password: string | null;
  expiry: string | null;
  geotarget: GeoTarget[];
  devicetarget: DeviceTarget[];
  languagetarget: LanguageTarget[];
  metatitle: string;
  metadescription: string;
  metaimage: string;
  pixels: number[];
  campaign: number | null;
  deeplink: Record<string, unknown> | null;
  status: 'public' | 'private';
  parameters: LinkParameter[];
}

/** A link record with every optional field at its default. */
export function createLink(
  fields: Partial<LinkRecord> & Pick<LinkRecord, 'id' | 'alias' | 'longurl' | 'date'>,
): LinkRecord {
  return {
    domain: null,
    title: '',
    description: '',
    clicks: 0,
    type: 'direct',
    password: null,
    expiry: null,
    geotarget: [],
    devicetarget: [],
    languagetarget: [],
    metatitle: '',
    metadescription: '',
    metaimage: '',
    pixels: [],
    campaign: null,
    deeplink: null,
    status: 'private',
    parameters: [],
    ...fields,
  };
}

/** Everything the store holds; `seedData` builds one of these. */
export interface StoreData {
  account: AccountRecord;
  domains: DomainRecord[];
  splashPages: SplashRecord[];
  overlays: OverlayRecord[];
  campaigns: CampaignRecord[];
  channels: ChannelRecord[];
  assignments: ChannelAssignment[];
  bioPages: BioPageRecord[];
  qrCodes: QrCodeRecord[];
  links: LinkRecord[];
}

type Collection = 'domains' | 'campaigns' | 'channels' | 'links';

/**
 * The reference server's in-memory data. Fields are public so tests can arrange and assert state
 * directly; `reset()` reseeds in place, so a reference held by a test stays valid.
 */
export class Store implements StoreData {
  account!: AccountRecord;
  domains: DomainRecord[] = [];
  splashPages: SplashRecord[] = [];
  overlays: OverlayRecord[] = [];
  campaigns: CampaignRecord[] = [];
  channels: ChannelRecord[] = [];
  assignments: ChannelAssignment[] = [];
  bioPages: BioPageRecord[] = [];
  qrCodes: QrCodeRecord[] = [];
  links: LinkRecord[] = [];
  private readonly lastIds = new Map<Collection, number>();

  /** `baseUrl` is the server's own origin: short links without a branded domain live under it. */
  constructor(
    readonly baseUrl: string,
    private readonly seed: boolean = true,
  ) {
    this.reset();
  }

  /** Restores the seed data (or empties everything when seeding is off). */
  reset(): void {
    const data = seedData(new Date());
    this.account = data.account;
    this.domains = this.seed ? data.domains : [];
    this.splashPages = this.seed ? data.splashPages : [];
    this.overlays = this.seed ? data.overlays : [];
    this.campaigns = this.seed ? data.campaigns : [];
    this.channels = this.seed ? data.channels : [];
    this.assignments = this.seed ? data.assignments : [];
    this.bioPages = this.seed ? data.bioPages : [];
    this.qrCodes = this.seed ? data.qrCodes : [];
    this.links = this.seed ? data.links : [];
    // Ids are never reused after a delete, as in a real database.
    for (const name of ['domains', 'campaigns', 'channels', 'links'] as const) {
      this.lastIds.set(name, Math.max(0, ...this[name].map((item) => item.id)));
    }
  }

  /** The next unused id of a collection. */
  nextId(collection: Collection): number {
    const id = (this.lastIds.get(collection) ?? 0) + 1;
    this.lastIds.set(collection, id);
    return id;
  }

  /** The public short URL of a link: its branded domain (or the server) plus its alias. */
  shortUrl(link: LinkRecord): string {
    return `${link.domain ?? this.baseUrl}/${link.alias}`;
  }

  /** The link with this id, if any. */
  link(id: number): LinkRecord | undefined {
    return this.links.find((link) => link.id === id);
  }

  /** The campaign with this id, if any. */
  campaign(id: number): CampaignRecord | undefined {
    return this.campaigns.find((campaign) => campaign.id === id);
  }

  /** The channel with this id, if any. */
  channel(id: number): ChannelRecord | undefined {
    return this.channels.find((channel) => channel.id === id);
  }

  /** The branded domain with this id, if any. */
  domain(id: number): DomainRecord | undefined {
    return this.domains.find((domain) => domain.id === id);
  }
}
