import { act, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { UserAgentText } from '../../../src/resources/users/UserAgentText';

const AGENTS = {
  chromeOnLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  firefoxOnWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariOnIPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  edgeOnMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
  curl: 'curl/8.5.0',
};

function renderAgents(locale: 'en' | 'de') {
  render(
    <AdminContext i18nProvider={createI18nProvider(locale)}>
      {Object.entries(AGENTS).map(([name, agent]) => (
        <div key={name} data-testid={name}>
          <UserAgentText userAgent={agent} />
        </div>
      ))}
    </AdminContext>,
  );
  return Object.fromEntries(Object.keys(AGENTS).map((name) => [name, screen.getByTestId(name).textContent]));
}

describe('user agents in words', () => {
  it('name the browser with its major version and the system (bowser), in English', () => {
    expect(renderAgents('en')).toEqual({
      chromeOnLinux: 'Chrome 142 on Linux',
      firefoxOnWindows: 'Firefox 133 on Windows',
      safariOnIPhone: 'Safari 18 on iOS',
      edgeOnMac: 'Microsoft Edge 142 on macOS',
      curl: 'curl/8.5.0',
    });
  });

  it('and in German', () => {
    expect(renderAgents('de')).toEqual({
      chromeOnLinux: 'Chrome 142 auf Linux',
      firefoxOnWindows: 'Firefox 133 auf Windows',
      safariOnIPhone: 'Safari 18 auf iOS',
      edgeOnMac: 'Microsoft Edge 142 auf macOS',
      curl: 'curl/8.5.0',
    });
  });

  it('show the whole string on keyboard focus', async () => {
    renderAgents('en');
    const named = screen.getByText('Firefox 133 on Windows');
    expect(named).toHaveAttribute('tabindex', '0');
    act(() => named.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(AGENTS.firefoxOnWindows);
  });
});
