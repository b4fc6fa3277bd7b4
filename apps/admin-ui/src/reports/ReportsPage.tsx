import { Box, Card, CardContent } from '@mui/material';
import { useState } from 'react';
import { useAuthenticated } from 'react-admin';
import { TabList, tabPanelAttributes } from '../common/TabList';
import { PageTitle } from '../layout/PageTitle';
import { CustomReport } from './CustomReport';
import { DailySummaryReport } from './DailySummaryReport';

type ReportTab = 'custom' | 'template';

const reportTabs: ReportTab[] = ['custom', 'template'];

/**
 * /reports, for administrators: the Custom report and the Template reports. Both panels
 * stay mounted, so a report's results and a sending run are still there after a look at the other tab.
 */
export const ReportsPage = () => {
  // Custom routes are not guarded page by page; this re-checks the token's expiry on every visit.
  useAuthenticated();
  const [tab, setTab] = useState<ReportTab>('custom');
  return (
    <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageTitle title="portal.menu.reports" />
      <Card>
        <TabList
          list="reports"
          names={reportTabs}
          messages="portal.reports.tabs"
          value={tab}
          onChange={setTab}
        />
        {reportTabs.map((name) => (
          <CardContent key={name} {...tabPanelAttributes('reports', name)} hidden={tab !== name}>
            {name === 'custom' ? <CustomReport /> : <DailySummaryReport />}
          </CardContent>
        ))}
      </Card>
    </Box>
  );
};
