import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useAuthenticated, useTranslate } from 'react-admin';
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
  const translate = useTranslate();
  const [tab, setTab] = useState<ReportTab>('custom');
  return (
    <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageTitle title="portal.menu.reports" />
      <Card>
        <Tabs
          value={tab}
          onChange={(_, next: ReportTab) => setTab(next)}
          aria-label={translate('portal.reports.tabs.label')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {reportTabs.map((name) => (
            <Tab
              key={name}
              value={name}
              id={`reports-tab-${name}`}
              aria-controls={`reports-panel-${name}`}
              label={translate(`portal.reports.tabs.${name}`)}
            />
          ))}
        </Tabs>
        {reportTabs.map((name) => (
          <CardContent
            key={name}
            role="tabpanel"
            id={`reports-panel-${name}`}
            aria-labelledby={`reports-tab-${name}`}
            hidden={tab !== name}
          >
            {name === 'custom' ? <CustomReport /> : <DailySummaryReport />}
          </CardContent>
        ))}
      </Card>
    </Box>
  );
};
