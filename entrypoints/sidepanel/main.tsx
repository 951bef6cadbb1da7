import './style.css';
import { render } from 'preact';
import { setDocumentLanguage } from '@/lib/i18n';
import { App } from './app';

setDocumentLanguage();
render(<App />, document.getElementById('app')!);
