import type { ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { BACKOFFICE_SECTION_LIST } from '@meridian/contracts';
import type { BackofficeSectionKey } from '@meridian/contracts';
import type { RemoteProps } from '@meridian/platform';
import { AuditPage } from '../features/audit/components/audit-page.tsx';
import { SetupPage } from '../features/auth/components/setup-page.tsx';
import { SignInPage } from '../features/auth/components/sign-in-page.tsx';
import { ContentPage } from '../features/content/components/content-page.tsx';
import { CorrectionsPage } from '../features/corrections/components/corrections-page.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { OperatorsPage } from '../features/operators/components/operators-page.tsx';
import { QueuesPage } from '../features/queues/components/queues-page.tsx';
import { ReviewPage } from '../features/queues/components/review-page.tsx';
import { ReleasesPage } from '../features/releases/components/releases-page.tsx';
import { SettingsPage } from '../features/settings/components/settings-page.tsx';
import { ConversationPage } from '../features/support/components/conversation-page.tsx';
import { SupportListPage } from '../features/support/components/support-list-page.tsx';
import { UserPage } from '../features/users/components/user-page.tsx';
import { UsersPage } from '../features/users/components/users-page.tsx';
import { Layout } from '../shared/layout.tsx';

/**
 * Each section's screens: its page, and the page of one of its items (`<path>/:id`) where it has one. The
 * sections themselves (paths, roles, order) are the table of @meridian/contracts; the compiler asks for a
 * row here when a section is added there.
 */
const SCREENS: Record<BackofficeSectionKey, { page: ComponentType; item?: ComponentType }> = {
  dashboard: { page: DashboardPage },
  queues: { page: QueuesPage, item: ReviewPage },
  support: { page: SupportListPage, item: ConversationPage },
  users: { page: UsersPage, item: UserPage },
  corrections: { page: CorrectionsPage },
  content: { page: ContentPage },
  settings: { page: SettingsPage },
  operators: { page: OperatorsPage },
  audit: { page: AuditPage },
  releases: { page: ReleasesPage },
};

/**
 * The operator back-office at `/admin` (SPEC §2): set-up and sign-in stand alone; every other page
 * sits in the signed-in layout, which sends an operator without a session to sign-in.
 */
export function App(_props: RemoteProps) {
  return (
    // One root for every back-office page (the release journeys find the remote mounted by it).
    <div data-testid="mfe-backoffice-page">
      <BrowserRouter>
        <Routes>
          <Route path="/admin/setup" element={<SetupPage />} />
          <Route path="/admin/sign-in" element={<SignInPage />} />
          <Route path="/admin" element={<Layout />}>
            {BACKOFFICE_SECTION_LIST.flatMap(({ key, path }) => {
              const { page: Page, item: Item } = SCREENS[key];
              return [
                path ? <Route key={key} path={path} element={<Page />} /> : <Route key={key} index element={<Page />} />,
                ...(Item ? [<Route key={`${key}-item`} path={`${path}/:id`} element={<Item />} />] : []),
              ];
            })}
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </div>
  );
}
