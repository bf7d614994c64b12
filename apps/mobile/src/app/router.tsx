import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { registerNavigate } from './navigate.ts';
import { WelcomePage } from '../features/access/welcome-page.tsx';
import { LoginPage } from '../features/access/login-page.tsx';
import { RegisterPage } from '../features/access/register-page.tsx';
import { ForgotPasswordPage } from '../features/access/forgot-password-page.tsx';
import { PrivacyPage, TermsPage } from '../features/access/legal-pages.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { AlertsPage } from '../features/alerts/alerts-page.tsx';
import { EntryPage } from '../features/entry/entry-page.tsx';

/**
 * Served under /app/ (vite `base` and the server's static mount). The trailing slash keeps Home at `/app/`, inside the
 * service worker's scope (`/app` would be outside it, and would not start offline).
 */
export const router = createBrowserRouter([
  { path: '/welcome', element: <WelcomePage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'alerts', element: <AlertsPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'entry', element: <EntryPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
], { basename: '/app/' });

registerNavigate((to) => void router.navigate(to, { replace: true }));
