import BlockIcon from '@mui/icons-material/Block';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** Shown in place of an administrators' screen to a standard user; the API refuses them with 403 as well. */
export const AccessDeniedPage = () => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="portal.accessDenied.title" />
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <BlockIcon color="error" fontSize="large" />
        <Typography role="alert">{translate('portal.accessDenied.message')}</Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to="/dashboard">
          {translate('portal.accessDenied.back')}
        </Button>
      </CardActions>
    </Card>
  );
};
