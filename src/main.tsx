import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadConfig } from './config';
import { detectLocale } from './i18n/detectLocale';
import { messages } from './i18n/i18nProvider';

const container = document.getElementById('root')!;

loadConfig()
  .then((config) => {
    createRoot(container).render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    const template = messages[detectLocale()].caredesk.errors.config;
    const text = template.replace('%{message}', error instanceof Error ? error.message : String(error));
    createRoot(container).render(<p style={{ fontFamily: 'sans-serif', color: '#b71c1c', padding: 16 }}>{text}</p>);
  });
