import { IconButton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A table row's icon action that stays on the page (opens a dialog or a popup); the row's own click never fires. */
export const IconActionButton = ({
  label,
  icon,
  onClick,
  color = 'primary',
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick(): void;
  color?: 'primary' | 'error';
  disabled?: boolean;
}) => {
  const translate = useTranslate();
  const text = translate(label);
  return (
    <IconButton
      data-tooltip={text}
      size="small"
      color={color}
      aria-label={text}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {icon}
    </IconButton>
  );
};
