import { contentLanguageId } from '@meridian/contracts';
import { useLanguage, useT } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { HelpLayout } from '../../../app/help-layout.tsx';
import { RequestView } from '../../../app/request-view.tsx';
import { useRequest } from '../../../app/use-request.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { getFaq } from '../api/get-faq.ts';
import { FaqList } from './faq-list.tsx';

export function FaqPage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const lang = contentLanguageId(useLanguage());
  const request = useRequest((signal) => getFaq(platform.api, lang, signal), [platform.api, lang]);
  return (
    <HelpLayout title={t('faq.title')} testId="help-faq">
      <RequestView request={request} isEmpty={(d) => d.length === 0}>
        {(items) => <FaqList items={items} />}
      </RequestView>
    </HelpLayout>
  );
}
