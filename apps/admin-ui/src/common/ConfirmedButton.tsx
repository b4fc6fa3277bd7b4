import { Button, type ButtonProps } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';

/**
 * A button for an act that cannot be taken back (Seal now, Run retention now): it asks first, in a
 * dialog of `title` and `content` whose confirm button repeats the button's `label`, and only then `act`s.
 */
export const ConfirmedButton = ({
  label,
  title,
  content,
  icon,
  variant,
  color,
  disabled,
  act,
}: {
  label: string;
  title: string;
  content: string;
  icon: ReactNode;
  variant: ButtonProps['variant'];
  color?: ButtonProps['color'];
  disabled: boolean;
  act: () => void;
}) => {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        color={color}
        startIcon={icon}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {translate(label)}
      </Button>
      <Confirm
        isOpen={asking}
        title={title}
        content={content}
        confirm={label}
        onConfirm={() => {
          setAsking(false);
          act();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
