import { render } from 'preact';
import { setDocumentLanguage, t } from '@/lib/i18n';
import { App } from './app';
import { ServerScope } from './server-scope';
import '@/assets/base.css';
import './style.css';

setDocumentLanguage();
// The section's title follows once the App knows the route; until then the page is named in full.
document.title = t('manage_page_title_default');

render(
  <ServerScope>
    <App />
  </ServerScope>,
  document.getElementById('app')!,
);
