import type { ReactNode } from 'react';
import { Alert, Group, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { dayRange, rangeProblem } from './daily-series';

/**
 * The UTC day range in the address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, the last 30 days by default), so a chart's
 * range can be shared; changing a day replaces the address rather than adding to the history.
 */
export function useDayRange(): { from: string; to: string; set: (name: 'from' | 'to', value: string) => void } {
  const [params, setParams] = useSearchParams();
  const { from, to } = dayRange(params.get('from'), params.get('to'));
  const set = (name: 'from' | 'to', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', from);
        next.set('to', to);
        if (value) next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return { from, to, set };
}

/** The From and To day inputs of a range (with whatever else belongs beside them, such as links). */
export function DayRangeInputs({ range, children }: { range: ReturnType<typeof useDayRange>; children?: ReactNode }) {
  return (
    <Group align="end" gap="sm">
      {children}
      <TextInput
        label="From (UTC day)"
        type="date"
        value={range.from}
        onChange={(e) => range.set('from', e.currentTarget.value)}
      />
      <TextInput
        label="To (UTC day)"
        type="date"
        value={range.to}
        onChange={(e) => range.set('to', e.currentTarget.value)}
      />
    </Group>
  );
}

/** The content for a range the platform answers for; otherwise a sentence saying what to change (and no request). */
export function WithinRange({ from, to, children }: { from: string; to: string; children: ReactNode }) {
  const problem = rangeProblem(from, to);
  return problem ? <Alert color="yellow">{problem}</Alert> : <>{children}</>;
}
