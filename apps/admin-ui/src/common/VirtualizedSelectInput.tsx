import { type Theme, useMediaQuery } from '@mui/material';
import {
  Children,
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type Ref,
  type UIEvent,
  useState,
} from 'react';
import { AutocompleteInput, type AutocompleteInputProps, useChoicesContext } from 'react-admin';

/** Dropdowns with more than 100 options use a virtualised list. */
const VIRTUALIZE_ABOVE = 100;

/**
 * Rows kept mounted beyond the visible ones. MUI's keyboard navigation only moves to an option that is in
 * the DOM, and PageUp/PageDown jump 5 options, so the overscan must exceed that.
 */
const OVERSCAN = 8;

type OptionElement = ReactElement<HTMLAttributes<HTMLLIElement>>;

type ListboxProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLUListElement> };

/**
 * The listbox of a long dropdown: one scrolling list as tall as every option, in which only the options in
 * view (plus the overscan, the first and the last, so that arrow keys wrap around) are mounted.
 */
const VirtualizedListbox = ({ children, ref, style, onScroll, ...listboxProps }: ListboxProps) => {
  // Rows as tall as MUI's options: 36 px from `sm` up, 48 px touch targets below.
  const rowHeight = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm')) ? 36 : 48;
  const options = Children.toArray(children).filter(isValidElement) as OptionElement[];
  const [scrollTop, setScrollTop] = useState(0);
  // The listbox is at most 40% of the window high (MUI's style) until a scroll measures it.
  const [viewportHeight, setViewportHeight] = useState(() => Math.ceil(window.innerHeight * 0.4));

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(options.length - 1, Math.ceil((scrollTop + viewportHeight) / rowHeight) + OVERSCAN);
  const mounted = new Set<number>([0, options.length - 1]);
  for (let index = first; index <= last; index += 1) mounted.add(index);

  const handleScroll = (event: UIEvent<HTMLElement>) => {
    setScrollTop(event.currentTarget.scrollTop);
    setViewportHeight(event.currentTarget.clientHeight);
    onScroll?.(event);
  };

  return (
    <ul ref={ref} {...listboxProps} style={{ ...style, padding: 0 }} onScroll={handleScroll}>
      <li role="presentation" aria-hidden style={{ height: options.length * rowHeight }} />
      {[...mounted]
        .sort((a, b) => a - b)
        .map((index) => {
          const option = options[index] as OptionElement;
          return cloneElement(option, {
            'aria-posinset': index + 1,
            'aria-setsize': options.length,
            style: {
              ...option.props.style,
              position: 'absolute',
              top: index * rowHeight,
              left: 0,
              right: 0,
              height: rowHeight,
              minHeight: rowHeight,
              boxSizing: 'border-box',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
            },
          });
        })}
    </ul>
  );
};

/**
 * A searchable dropdown (react-admin's AutocompleteInput) that switches to a virtualised list when it has
 * more than 100 options, so thousands of companies, contacts or trucks stay quick to open and scroll.
 * Use it like AutocompleteInput: with `choices`, or inside a ReferenceInput.
 */
export const VirtualizedSelectInput = (props: AutocompleteInputProps) => {
  const { allChoices } = useChoicesContext({ choices: props.choices });
  const virtualize = (allChoices?.length ?? 0) > VIRTUALIZE_ABOVE;
  return (
    <AutocompleteInput
      {...props}
      slotProps={
        virtualize ? { ...props.slotProps, listbox: { component: VirtualizedListbox } } : props.slotProps
      }
    />
  );
};
