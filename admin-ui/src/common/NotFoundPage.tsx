import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** An address that is no page of the portal: says so plainly and leads back (issue 15, item 12). */
export const NotFoundPage = () => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="portal.notFound.title" />
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <SearchOffIcon color="action" fontSize="large" />
        <Typography role="alert">{translate('portal.notFound.message')}</Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to="/dashboard">
          {translate('portal.accessDenied.back')}
        </Button>
      </CardActions>
    </Card>
  );
};
