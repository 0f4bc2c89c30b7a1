// first: starts the fetches the first render waits for (src/boot.ts)
import { starting } from './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadMessages } from './i18n/loadI18nProvider';

const container = document.getElementById('root')!;

starting
  .then(([config, i18nProvider]) => {
    createRoot(container).render(
      <StrictMode>
        <App config={config} i18nProvider={i18nProvider} />
      </StrictMode>,
    );
  })
  .catch(async (error: unknown) => {
    const template = await loadMessages().then(
      (messages) => messages.caredesk.errors.config,
      () => 'The panel cannot start: %{message}',
    );
    const text = template.replace('%{message}', error instanceof Error ? error.message : String(error));
    createRoot(container).render(<p style={{ fontFamily: 'sans-serif', color: '#b71c1c', padding: 16 }}>{text}</p>);
  });
