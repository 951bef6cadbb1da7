/**
 * The popup's parts a first screen does not show, in one file of their own (later-parts.ts loads it):
 * More options with every field of the link editor, the result's QR code with its encoder and its
 * share links, the several URLs' list, the presets' results, the queue and the all-tabs report.
 */
export { QrCode } from '@/components/qr-code';
export { ShareLinks } from '@/components/share-links';
export { AllTabsReport } from './components/all-tabs-report';
export { MoreOptions } from './components/more-options';
export { PresetResults } from './components/preset-results';
export { QueueList } from './components/queue-list';
export { SeveralUrls } from './components/several-urls';
