import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReportChart, ReportChartBody } from '@portal/contract';
import { displayUnitSymbols, formatWeight, formatWeightNumber, kgFromDisplayUnit } from '@portal/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { LabelledToggles } from '../common/LabelledToggles';
import { formatDate } from '../i18n/dates';
import { useSiteWeights } from '../settings/site-settings';
import { chartUnitOf, projectWeightSeries, receivedPerDaySeries } from './report-chart';

export type StackBy = NonNullable<ReportChartBody['stackBy']>;

const CHART_HEIGHT = 300;

/**
 * A band axis whose every label shows in full (issue 34, D26): upright, so long project ids and dates fit
 * side by side on a phone without reaching past the chart's edge (a slanted first label was cut to an
 * ellipsis), and the axis as tall as its longest label.
 */
const bandAxis = { height: 'auto', tickLabelStyle: { angle: -90, textAnchor: 'end' } } as const;

/** A YYYY-MM-DD day as the portal writes dates (en-ZA), read as that calendar day wherever the browser is. */
const dayLabel = (day: string) => formatDate(new Date(`${day}T00:00:00`));

const ChartFigure = ({ title, children }: { title: string; children: React.ReactNode }) => {
  const titleId = useId();
  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0, minWidth: 0 }}>
      <Typography id={titleId} variant="subtitle1" component="figcaption" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
};

const LoadsPerDay = ({ chart }: { chart: ReportChart }) => {
  const translate = useTranslate();
  const { days, series } = receivedPerDaySeries(chart.receivedPerDay);
  return (
    <ChartFigure title={translate('portal.reports.chart.receivedPerDay')}>
      {days.length === 0 ? (
        <Typography color="text.secondary">{translate('portal.reports.chart.empty')}</Typography>
      ) : (
        <BarChart
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'band', data: days, valueFormatter: dayLabel, ...bandAxis }]}
          yAxis={[{ label: translate('portal.reports.chart.loads'), tickMinStep: 1, width: 'auto' }]}
          series={series.map(({ stack, data }) => ({
            data,
            stack: 'loads',
            label: stack ?? translate('portal.reports.chart.noStack'),
          }))}
        />
      )}
    </ChartFigure>
  );
};

const WeightPerProject = ({ chart }: { chart: ReportChart }) => {
  const translate = useTranslate();
  const { unit } = useSiteWeights();
  const chartUnit = chartUnitOf(unit);
  const { projectIds, net, approved } = projectWeightSeries(chart.projects, unit);
  const unitName = { unit: translate(`portal.reports.chart.units.${chartUnit}`) };
  // Tonnes as the spec writes them; another unit as the site shows its weights, each axis as wide as its
  // ticks in full (thousands of tonnes, hundreds of thousands of pounds).
  const shown = (value: number | null) =>
    value === null
      ? ''
      : chartUnit === 't'
        ? `${value.toFixed(2)} t`
        : formatWeight(kgFromDisplayUnit(value, chartUnit), chartUnit);
  const yAxis =
    chartUnit === 't'
      ? { label: 't', width: 'auto' as const }
      : {
          label: displayUnitSymbols[chartUnit],
          width: 'auto' as const,
          valueFormatter: (value: number) =>
            formatWeightNumber(kgFromDisplayUnit(value, chartUnit), chartUnit),
        };
  return (
    <ChartFigure title={translate('portal.reports.chart.projects', unitName)}>
      {projectIds.length === 0 ? (
        <Typography color="text.secondary">{translate('portal.reports.chart.noProjects')}</Typography>
      ) : (
        <BarChart
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'band', data: projectIds, ...bandAxis }]}
          yAxis={[yAxis]}
          series={[
            { data: net, label: translate('portal.reports.chart.net', unitName), valueFormatter: shown },
            {
              data: approved,
              label: translate('portal.reports.chart.approved', unitName),
              valueFormatter: shown,
            },
          ]}
        />
      )}
    </ChartFigure>
  );
};

/**
 * The chart panel, from the same filter as the table: loads received per day stacked by contractor or
 * material, and each project's net weight beside its approved quantity, in tonnes or the site's unit.
 */
export const ReportCharts = ({
  chart,
  stackBy,
  onStackBy,
}: {
  chart: UseQueryResult<ReportChart>;
  stackBy: StackBy;
  onStackBy: (stackBy: StackBy) => void;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }} aria-busy={chart.isFetching}>
      <LabelledToggles
        label="portal.reports.chart.stackBy"
        labels="portal.reports.chart.stacks"
        options={['contractor', 'material'] as const}
        value={stackBy}
        onChange={onStackBy}
      />
      <Box sx={{ height: 4 }}>{chart.isFetching && <LinearProgress />}</Box>
      {chart.isError ? (
        <Alert severity="error">
          {translate('portal.reports.chart.loadFailed', { message: translate(chart.error.message) })}
        </Alert>
      ) : !chart.data ? (
        <Typography role="status" color="text.secondary">
          {translate('portal.reports.chart.loading')}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            gap: 2,
          }}
        >
          <LoadsPerDay chart={chart.data} />
          <WeightPerProject chart={chart.data} />
        </Box>
      )}
    </Box>
  );
};
