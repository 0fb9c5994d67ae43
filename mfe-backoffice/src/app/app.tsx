import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
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
            <Route index element={<DashboardPage />} />
            <Route path="queues" element={<QueuesPage />} />
            <Route path="queues/:id" element={<ReviewPage />} />
            <Route path="support" element={<SupportListPage />} />
            <Route path="support/:id" element={<ConversationPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:id" element={<UserPage />} />
            <Route path="corrections" element={<CorrectionsPage />} />
            <Route path="content" element={<ContentPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="operators" element={<OperatorsPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="releases" element={<ReleasesPage />} />
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </div>
  );
}
