import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { AccessDenied } from './access/AccessDenied';
import { NotFound } from './access/NotFound';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import { LoginPage } from './login/LoginPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { store } from './providers/store';
import { ROUTES } from './routes';
import { theme } from './theme';

const ToDashboard = () => <Navigate to="/dashboard" replace />;

/**
 * The back office: real paths (BrowserRouter, not hash URLs), the spec's route table (routes.tsx),
 * "/" redirects to /dashboard, an unknown path shows the not-found page, signed-out users see only the login page (signing in leads to the page asked for), a route
 * the role has no right to shows the access page (access/).
 */
export const App = () => (
  <BrowserRouter>
    <Admin
      title="app.title"
      layout={Layout}
      loginPage={LoginPage}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      catchAll={NotFound}
      accessDenied={AccessDenied}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes>
        <Route path="/" element={<ToDashboard />} />
        {ROUTES.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
      </CustomRoutes>
    </Admin>
  </BrowserRouter>
);
