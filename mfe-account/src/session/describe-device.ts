import Bowser from 'bowser';

/** A readable name for a browser's user agent ("Chrome 156 · Linux"), or null when it says nothing useful. */
export function describeDevice(userAgent: string): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [os.name, os.versionName].filter(Boolean).join(' ');
  const text = [name, system].filter(Boolean).join(' · ');
  return text || null;
}
