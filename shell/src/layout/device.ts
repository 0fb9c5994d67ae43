/** SPEC §1: mobile layout when the user agent names Android, iPhone, iPad or iPod; desktop otherwise. */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod/.test(userAgent);
}
