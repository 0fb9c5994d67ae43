import { useQuery } from '@tanstack/react-query';
import { contentLanguageId } from '@meridian/contracts';
import { useLanguage, useT } from '@meridian/platform';
import type { Platform } from '@meridian/platform';
import { ListEnd } from '@meridian/ui';
import { QueryView } from '@meridian/ui/query-view';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { FaqList } from '../../../shared/components/faq-list.tsx';
import { HelpLayout } from '../../../shared/components/help-layout.tsx';
import { faqQueryOptions } from '../api/get-faq.ts';

export function FaqPage({ platform }: { platform: Platform }) {
  const { t } = useT(NAMESPACE);
  const lang = contentLanguageId(useLanguage());
  const query = useQuery(faqQueryOptions(platform.api, lang));
  return (
    <HelpLayout title={t('faq.title')} testId="help-faq">
      <QueryView query={query} isEmpty={(d) => d.length === 0}>
        {(items) => (
          <>
            <FaqList items={items} />
            <ListEnd />
          </>
        )}
      </QueryView>
    </HelpLayout>
  );
}
