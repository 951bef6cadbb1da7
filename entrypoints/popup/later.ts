/**
 * The popup's parts a first screen does not show, in one file of their own (later-parts.ts loads it):
 * More options with every field of the link editor, the result's QR code with its encoder, the
 * presets' results, the queue and the all-tabs report. Not the several URLs' list: it takes the
 * place of the focused Long URL field as a paste lands, which cannot wait for a file.
 */
export { QrCode } from '@/components/qr-code';
export { AllTabsReport } from './components/all-tabs-report';
export { MoreOptions } from './components/more-options';
export { PresetResults } from './components/preset-results';
export { QueueList } from './components/queue-list';
