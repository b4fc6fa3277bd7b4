import { Tab, Tabs, type TabsProps } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A row of tabs under a divider, one per name, each read from `${messages}.${name}` (the row's own name from
 * `${messages}.label`) and tied to its panel for assistive technology, as MUI's a11yProps does: tab `name`
 * of `list` has id `list-tab-name` and controls the panel with `tabPanelAttributes(list, name)`.
 */
export const TabList = <Name extends string>({
  list,
  names,
  messages,
  icons,
  value,
  onChange,
  ...tabs
}: Omit<TabsProps, 'value' | 'onChange' | 'children'> & {
  list: string;
  names: readonly Name[];
  messages: string;
  /** Beside each tab's words; the tabs keep the height of words alone. */
  icons?: Record<Name, ReactElement>;
  value: Name;
  onChange: (next: Name) => void;
}) => {
  const translate = useTranslate();
  return (
    <Tabs
      value={value}
      onChange={(_, next: Name) => onChange(next)}
      aria-label={translate(`${messages}.label`)}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
      {...tabs}
    >
      {names.map((name) => (
        <Tab
          key={name}
          value={name}
          id={`${list}-tab-${name}`}
          aria-controls={`${list}-panel-${name}`}
          label={translate(`${messages}.${name}`)}
          {...(icons && { icon: icons[name], iconPosition: 'start', sx: { minHeight: 48 } })}
        />
      ))}
    </Tabs>
  );
};

/** The panel's side of a TabList's tab. */
export const tabPanelAttributes = (list: string, name: string) => ({
  role: 'tabpanel',
  id: `${list}-panel-${name}`,
  'aria-labelledby': `${list}-tab-${name}`,
});
