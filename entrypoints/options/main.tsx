import '@/assets/options.css';
import './transfer.css';
import { render } from 'preact';
import { setDocumentLanguage, t } from '@/lib/i18n';
import { App } from './app';

setDocumentLanguage();
document.title = t('options_page_title');
render(<App />, document.getElementById('app')!);
