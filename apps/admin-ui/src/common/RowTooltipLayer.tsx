import { Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';

/** MUI Tooltip's default wait before a hovered element's tooltip shows. */
const ENTER_DELAY_MS = 100;

const anchorOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('[data-tooltip]') : null;

/**
 * One MUI Tooltip for every icon a table repeats on each row, which names it in a `data-tooltip` attribute
 * (beside its `aria-label`): shown on mouse hover and on keyboard focus, as MUI's own. A Tooltip around each
 * icon cost a dashboard row about as much as the rest of the row (seven a row, most never pointed at).
 * Mounted once, beside the screens.
 */
export const RowTooltipLayer = () => {
  const [shown, setShown] = useState<HTMLElement | null>(null);
  useEffect(() => {
    let current: HTMLElement | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (anchor: HTMLElement, delay: number) => {
      clearTimeout(timer);
      current = anchor;
      timer = setTimeout(() => setShown(anchor), delay);
    };
    const hide = () => {
      clearTimeout(timer);
      current = null;
      setShown(null);
    };
    const pointerOver = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      const anchor = anchorOf(event.target);
      // From one icon to the next, the tooltip follows at once, as MUI's do.
      if (anchor && anchor !== current) show(anchor, current ? 0 : ENTER_DELAY_MS);
    };
    const pointerOut = (event: PointerEvent) => {
      if (current && anchorOf(event.target) === current && anchorOf(event.relatedTarget) !== current) hide();
    };
    const focusIn = (event: FocusEvent) => {
      const anchor = anchorOf(event.target);
      if (anchor && event.target instanceof Element && event.target.matches(':focus-visible'))
        show(anchor, 0);
    };
    const focusOut = (event: FocusEvent) => {
      if (current && anchorOf(event.target) === current) hide();
    };
    // A click or a key that acts (it may open a dialog or another page) ends the tooltip, as does Escape.
    const keyDown = (event: KeyboardEvent) => {
      if (current && ['Enter', ' ', 'Escape'].includes(event.key)) hide();
    };
    const listeners = [
      ['pointerover', pointerOver],
      ['pointerout', pointerOut],
      ['pointerdown', hide],
      ['focusin', focusIn],
      ['focusout', focusOut],
      ['keydown', keyDown],
    ] as const;
    for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener);
    return () => {
      clearTimeout(timer);
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener);
    };
  }, []);
  const open = shown?.isConnected === true;
  return (
    <Tooltip
      open={open}
      title={open ? (shown.dataset.tooltip ?? '') : ''}
      describeChild
      disableFocusListener
      disableHoverListener
      disableTouchListener
      slotProps={{ popper: { anchorEl: shown } }}
    >
      <span aria-hidden="true" />
    </Tooltip>
  );
};
