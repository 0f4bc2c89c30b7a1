import { useTranslate } from 'react-admin';
import { OneLineText } from '../../common/OneLineText';
import { nameUserAgent } from './userAgent';

const t = (key: string) => `resources.users.user_agent.${key}`;

/** "Chrome 142 on Linux" for a user-agent string, the whole string in a tooltip on hover and on keyboard focus; one bowser does not know reads as sent. */
export const UserAgentText = ({ userAgent }: { userAgent: string }) => {
  const translate = useTranslate();
  const named = nameUserAgent(userAgent);
  if (!named) return <OneLineText text={userAgent} />;
  const browser = named.browser ?? translate(t('unknown_browser'));
  const text = named.os ? translate(t('browser_on_os'), { browser, os: named.os }) : browser;
  return <OneLineText text={text} whole={userAgent} testId="user-agent" />;
};
