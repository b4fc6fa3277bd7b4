import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Activity, memo, useState } from 'react';
import {
  Form,
  PasswordInput,
  TextInput,
  useAuthProvider,
  useNotificationContext,
  useTranslate,
} from 'react-admin';
import { ErrorBoundary } from 'react-error-boundary';
import { Navigate, useNavigate } from 'react-router-dom';
import { errorText } from '../common/error-text';
import { email, requiredText } from '../common/validation';
import { PortalLayout } from '../layout/Layout';
import { currentSession, homePathOf } from '../session';
import { latestTicketsQuery } from '../tickets/dashboard/dashboard-queries';
import { firstPage } from '../tickets/dashboard/dashboard-ticket';
import { LazyDashboardPage } from '../tickets/dashboard/lazy-dashboard-page';

// The login form: username (an e-mail) and password required.
const validateUsername = [
  requiredText('portal.validation.usernameRequired'),
  email('portal.validation.usernameNotValidEmail'),
];
const validatePassword = requiredText('portal.validation.passwordRequired');

interface Credentials {
  username: string;
  password: string;
}

/**
 * The signed-in frame and the dashboard, rendered hidden behind the login form, their code fetched while the
 * user types. React renders a hidden Activity only when it has nothing else to do; after sign-in the
 * dashboard then renders with its code there, its styles in place and its code compiled, about 50 ms sooner
 * on this machine's 2 cores. Hidden, it runs no effects: it asks the API nothing, and takes no focus.
 */
const HiddenDashboard = memo(function HiddenDashboard() {
  return (
    // A render failure of the rehearsal must never cost the login form.
    <ErrorBoundary fallback={null}>
      <Activity mode="hidden">
        <PortalLayout>
          <LazyDashboardPage />
        </PortalLayout>
      </Activity>
    </ErrorBoundary>
  );
});

/**
 * / and /login. A failed login shows the server's message in red under the form. Once the
 * form is there, the dashboard's code is fetched while the user types, so signing in does not wait for it.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const { resetNotifications } = useNotificationContext();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: Partial<Credentials>) => {
    if (!authProvider) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await authProvider.login({ username: values.username?.trim() ?? '', password: values.password ?? '' });
      const home = homePathOf(currentSession()?.role);
      // The dashboard's Active list, asked for now: it arrives while the dashboard renders.
      if (home === '/dashboard') void queryClient.prefetchQuery(latestTicketsQuery('active', firstPage));
      // Forget the signed-out answers (checkAuth, permissions, identity) before the protected screens ask again.
      await queryClient.resetQueries({ queryKey: ['auth'] });
      resetNotifications();
      navigate(home);
    } catch (error) {
      setFailure(errorText(translate, error));
      setSubmitting(false);
    }
  };

  // Signed in already (issue 15, item 10): the login form has nothing to offer; a session the server
  // no longer honours ends on the dashboard's first call, which clears it and comes back here.
  const session = currentSession();
  if (session && !submitting) return <Navigate to={homePathOf(session.role)} replace />;

  return (
    <>
      <HiddenDashboard />
      <Box
        sx={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.100',
          p: 2,
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 400 }}>
          <CardContent>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
              <Avatar sx={{ bgcolor: 'secondary.main', mb: 1 }}>
                <LockIcon />
              </Avatar>
              <Typography variant="h5" component="h1">
                {translate('portal.appName')}
              </Typography>
              <Typography color="text.secondary">{translate('portal.login.title')}</Typography>
            </Box>
            <Form onSubmit={(values: Partial<Credentials>) => submit(values)} noValidate>
              <TextInput
                source="username"
                label="portal.login.username"
                type="email"
                autoComplete="username"
                autoFocus
                validate={validateUsername}
              />
              <PasswordInput
                source="password"
                label="portal.login.password"
                autoComplete="current-password"
                validate={validatePassword}
              />
              <Button
                type="submit"
                variant="contained"
                fullWidth
                startIcon={
                  submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
                }
                // The spec's wording exactly: 'Login', not MUI's default upper case.
                sx={{ mt: 1, textTransform: 'none' }}
              >
                {translate(submitting ? 'portal.login.submitting' : 'portal.login.submit')}
              </Button>
              {failure && (
                <Typography role="alert" color="error" sx={{ mt: 2 }}>
                  {failure}
                </Typography>
              )}
            </Form>
          </CardContent>
        </Card>
      </Box>
    </>
  );
};
