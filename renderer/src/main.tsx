// Entry point: picks the bridge and renders the app.
// The cascade layers' order is set by public/layers.css, linked first in index.html.
import './styles/tokens.css';
import './styles/base.css';
import './styles/responsive.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { createBridge } from './app/bridge.js';
import { pageViewOf } from './app/prompt-shell.js';
import { applyLanguage } from './app/language.js';

// Until the settings arrive ("Opening FolderGate…"), the browser's language.
void applyLanguage('system', []);

const container = document.getElementById('root');
// eslint-disable-next-line i18next/no-literal-string -- a broken build, before any screen a person sees
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App bridge={createBridge()} view={pageViewOf(window.location.search)} />
  </StrictMode>,
);
