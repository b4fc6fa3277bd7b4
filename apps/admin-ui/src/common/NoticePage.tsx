import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PageTitle } from '../layout/PageTitle';
import { currentSession, homePathOf } from '../session';

/** A page that only says why there is nothing to show here, and leads back to the user's first page. */
export const NoticePage = ({ title, message, icon }: { title: string; message: string; icon: ReactNode }) => {
  const translate = useTranslate();
  const home = homePathOf(currentSession()?.role);
  return (
    <Card sx={{ mt: 2 }}>
      <PageTitle title={title} />
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {icon}
        <Typography role="alert">{translate(message)}</Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to={home}>
          {translate(home === '/audit' ? 'portal.accessDenied.backToAudit' : 'portal.accessDenied.back')}
        </Button>
      </CardActions>
    </Card>
  );
};
