import { IconButton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** A table row's icon action that goes to another page (edit, log): a real link, so Tab and Enter reach it. */
export const IconLinkButton = ({ to, label, icon }: { to: string; label: string; icon: ReactNode }) => {
  const translate = useTranslate();
  const text = translate(label);
  return (
    <IconButton
      data-tooltip={text}
      component={Link}
      to={to}
      aria-label={text}
      size="small"
      color="primary"
      // Rows may be clickable; the icon's own link wins.
      onClick={(event) => event.stopPropagation()}
    >
      {icon}
    </IconButton>
  );
};
