// Entry point: picks the bridge and renders the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { createBridge } from './bridge.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App bridge={createBridge()} />
  </StrictMode>,
);
