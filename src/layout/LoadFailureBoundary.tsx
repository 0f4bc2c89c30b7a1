import { Component, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * What replaces a part of the panel whose code could not be loaded or shown, with the way out: a reload fetches the current
 * files. Plain elements, like main.tsx's start failure: this is part of the login page's bundle, which MUI parts would enlarge.
 */
const LoadFailure = () => {
  const translate = useTranslate();
  return (
    <div
      role="alert"
      style={{ fontFamily: 'sans-serif', padding: 32, maxWidth: 560, margin: '0 auto', textAlign: 'center' }}
    >
      <p>{translate('caredesk.errors.panel_load')}</p>
      <button type="button" onClick={() => window.location.reload()} style={{ font: 'inherit', padding: '6px 16px' }}>
        {translate('caredesk.errors.reload')}
      </button>
    </div>
  );
};

/**
 * Around the lazily loaded admin tree: its chunk fails to load when a deployment replaced the panel's files since the page
 * was opened, or the connection dropped. Without this boundary React would leave the page blank.
 */
export class LoadFailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <LoadFailure /> : this.props.children;
  }
}
