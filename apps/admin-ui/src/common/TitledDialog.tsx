import { Dialog, DialogActions, DialogContent, type DialogProps, DialogTitle } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { type FormEvent, type ReactNode, useId } from 'react';

type TitledDialogProps = Omit<DialogProps, 'title' | 'children' | 'onSubmit'> & {
  /** The heading, which names the dialog for assistive technology. */
  title: ReactNode;
  actions: ReactNode;
  contentSx?: SxProps<Theme>;
  /** Makes the dialog a form (the browser's own checks off: the dialog says what is wrong). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

/** A dialog of the portal: its title, its content, then its buttons. */
export const TitledDialog = ({
  title,
  actions,
  contentSx,
  onSubmit,
  children,
  ...dialogProps
}: TitledDialogProps) => {
  const titleId = useId();
  const parts = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={contentSx}>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </>
  );
  return (
    <Dialog aria-labelledby={titleId} {...dialogProps}>
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit}>
          {parts}
        </form>
      ) : (
        parts
      )}
    </Dialog>
  );
};
