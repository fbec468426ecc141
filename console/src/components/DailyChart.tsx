import { useId } from 'react';
import { Stack, Title } from '@mantine/core';
import { axisTop } from './daily-series';

const WIDTH = 720;
const HEIGHT = 160;
const LEFT = 76;
const BOTTOM = 20;

/**
 * One value per UTC day as bars in an SVG scaled to its box. The picture is one image with a sentence for screen readers
 * (range, total, busiest day); the page puts the day-by-day numbers in a table beside it.
 */
export function DailyChart<D extends { date: string }>({
  days,
  title,
  value,
  format,
}: {
  days: D[];
  title: string;
  value: (day: D) => number;
  format: (n: number) => string;
}) {
  const id = useId();
  const values = days.map(value);
  const top = axisTop(Math.max(0, ...values));
  const total = values.reduce((sum, v) => sum + v, 0);
  const busiest = days[values.indexOf(Math.max(...values))];
  const slot = (WIDTH - LEFT) / Math.max(1, days.length);
  const plot = HEIGHT - BOTTOM;
  const summary =
    days.length === 0
      ? 'No days.'
      : `${days[0]!.date} to ${days[days.length - 1]!.date}: ${format(total)} in all${total > 0 && busiest ? `, most on ${busiest.date} (${format(value(busiest))})` : ''}.`;
  return (
    <Stack gap={4} component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h5" id={`${id}-title`}>
        {title}
      </Title>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{ maxWidth: WIDTH, display: 'block' }}
      >
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={LEFT} x2={WIDTH} y1={plot} y2={plot} stroke="var(--mantine-color-gray-5)" />
        <line x1={LEFT} x2={WIDTH} y1={0.5} y2={0.5} stroke="var(--mantine-color-gray-3)" strokeDasharray="4 4" />
        <text x={LEFT - 6} y={10} textAnchor="end" fontSize={11} fill="var(--mantine-color-gray-8)">
          {format(top)}
        </text>
        <text x={LEFT - 6} y={plot} textAnchor="end" fontSize={11} fill="var(--mantine-color-gray-8)">
          0
        </text>
        {days.map((day, i) => {
          const height = (value(day) / top) * plot;
          return (
            <rect
              key={day.date}
              x={LEFT + i * slot + slot * 0.15}
              width={Math.max(1, slot * 0.7)}
              y={plot - height}
              height={height}
              fill="var(--mantine-color-blue-7)"
            >
              <title>{`${day.date}: ${format(value(day))}`}</title>
            </rect>
          );
        })}
        {days.length > 0 && (
          <>
            <text x={LEFT} y={HEIGHT - 4} fontSize={11} fill="var(--mantine-color-gray-8)">
              {days[0]!.date}
            </text>
            <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" fontSize={11} fill="var(--mantine-color-gray-8)">
              {days[days.length - 1]!.date}
            </text>
          </>
        )}
      </svg>
    </Stack>
  );
}
