import AddBoxIcon from '@mui/icons-material/AddBox';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import InventoryIcon from '@mui/icons-material/Inventory';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Card, CardContent } from '@mui/material';
import { memo, type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { TabList, tabPanelAttributes } from '../../common/TabList';
import { AdministratorTabs } from './bulk';
import { TicketSearchForm } from './TicketSearchForm';
import type { TicketSearchBody } from './ticket-search';

type TabName = 'search' | 'generate' | 'export' | 'update' | 'clear' | 'bulkReceive';

const tabIcons: Record<TabName, ReactElement> = {
  search: <SearchIcon fontSize="small" />,
  generate: <AddBoxIcon fontSize="small" />,
  export: <ForwardToInboxIcon fontSize="small" />,
  update: <EditNoteIcon fontSize="small" />,
  clear: <CleaningServicesIcon fontSize="small" />,
  bulkReceive: <InventoryIcon fontSize="small" />,
};

/** Search is for everyone; the bulk tabs only for administrators. */
const administratorTabs: TabName[] = ['generate', 'export', 'update', 'clear', 'bulkReceive'];

/**
 * A tab's panel. It mounts when first opened and stays mounted (hidden) afterwards, so that a run keeps
 * being polled, and its form and results are still there, when the user looks at another tab.
 */
const TabPanel = ({
  name,
  selected,
  visited,
  children,
}: {
  name: TabName;
  selected: boolean;
  visited: boolean;
  children: ReactNode;
}) => (
  <CardContent
    {...tabPanelAttributes('dashboard', name)}
    hidden={!selected}
    // The search form ends with its own buttons' padding.
    sx={{ pb: name === 'search' ? 0 : 2 }}
  >
    {(selected || visited) && children}
  </CardContent>
);

/**
 * True from the frame after `ready` first holds: what can wait for the first rows (the search form costs
 * more to render than they do) mounts once they are painted.
 */
function useOnceAfterPaint(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, shown]);
  return shown;
}

/**
 * The Search tab and, for administrators, the bulk tabs. Its own component, kept from rendering again when
 * only the tickets change (its props are stable callbacks): its forms cost more to render than the table's
 * first rows, and the dashboard renders each time a list or its counts arrive.
 */
export const DashboardTools = memo(function DashboardTools({
  isAdministrator,
  formsReady,
  searchFormKey,
  onSearch,
  onClear,
  onRunFinished,
}: {
  isAdministrator: boolean;
  /** The first list has come: the search form may mount, once its rows are painted. */
  formsReady: boolean;
  /** A new key empties the search form. */
  searchFormKey: number;
  onSearch: (body: TicketSearchBody) => void;
  onClear: () => void;
  onRunFinished: () => void;
}) {
  const searchFormShown = useOnceAfterPaint(formsReady);
  const [tab, setTab] = useState<TabName>('search');
  const [visited, setVisited] = useState<ReadonlySet<TabName>>(() => new Set(['search']));
  const openTab = (next: TabName) => {
    setTab(next);
    setVisited((before) => (before.has(next) ? before : new Set([...before, next])));
  };
  const tabs: TabName[] = isAdministrator ? ['search', ...administratorTabs] : ['search'];
  const shownTab = tabs.includes(tab) ? tab : 'search';
  const panel = (name: TabName, children: ReactNode) => (
    <TabPanel key={name} name={name} selected={shownTab === name} visited={visited.has(name)}>
      {children}
    </TabPanel>
  );
  return (
    <Card>
      <TabList
        list="dashboard"
        names={tabs}
        messages="portal.dashboard.tabs"
        icons={tabIcons}
        value={shownTab}
        onChange={openTab}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      />
      {panel(
        'search',
        searchFormShown ? (
          <TicketSearchForm key={searchFormKey} onSearch={onSearch} onClear={onClear} />
        ) : (
          // Its size at each breakpoint (4, 3 and 2 rows of fields), so that nothing moves when it comes.
          <Box sx={{ minHeight: { xs: 396, sm: 252, lg: 168 } }} />
        ),
      )}
      {isAdministrator && [
        panel('generate', <AdministratorTabs.Generate onFinished={onRunFinished} />),
        panel('export', <AdministratorTabs.Export />),
        panel('update', <AdministratorTabs.Update onFinished={onRunFinished} />),
        panel('clear', <AdministratorTabs.Clear onFinished={onRunFinished} />),
        panel('bulkReceive', <AdministratorTabs.BulkReceive onFinished={onRunFinished} />),
      ]}
    </Card>
  );
});
