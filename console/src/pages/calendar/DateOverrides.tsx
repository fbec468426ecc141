import { useState } from 'react';
import { Button, Group, Stack, Switch, TextInput, Title } from '@mantine/core';
import type { ApiError } from '../../api/api-error';
import { mutate } from '../../api/graphql-client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { DataTable } from '../../components/DataTable';
import { AddOverrideMutation, DeleteOverrideMutation } from './schedule-documents';

interface Override {
  id: string;
  date: string;
  isAvailable: boolean;
  startTime?: string | null;
  endTime?: string | null;
  reason?: string | null;
}

const FIELDS = new Set(['date', 'startTime', 'endTime', 'reason']);
const EMPTY = { date: '', isAvailable: false, startTime: '', endTime: '', reason: '' };

/**
 * A schedule's date overrides: each replaces that date's weekly hours (or blocks the date). Added and deleted through
 * the platform, whose refusal (a date taken, hours on a blocked date) is shown under the field it names.
 */
export function DateOverrides({
  scheduleId,
  overrides,
  onChanged,
}: {
  scheduleId: string;
  overrides: Override[];
  onChanged: () => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...change }));

  const fail = (e: unknown) => {
    const error = e as ApiError;
    const field = typeof error.details.field === 'string' ? error.details.field.replace(/^input\./, '') : '';
    if (FIELDS.has(field)) setFieldErrors({ [field]: error.message });
    else setOther([error]);
  };

  const add = async () => {
    setBusy(true);
    setFieldErrors({});
    setOther([]);
    try {
      await mutate(AddOverrideMutation, {
        scheduleId,
        input: {
          date: form.date.trim(),
          isAvailable: form.isAvailable,
          ...(form.isAvailable ? { startTime: form.startTime.trim(), endTime: form.endTime.trim() } : {}),
          ...(form.reason.trim() ? { reason: form.reason.trim() } : {}),
        },
      });
      setForm(EMPTY);
      onChanged();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (overrideId: string) => {
    setOther([]);
    try {
      await mutate(DeleteOverrideMutation, { scheduleId, overrideId });
      onChanged();
    } catch (e) {
      fail(e);
    }
  };

  return (
    <section aria-label="Date overrides">
      <Title order={2} size="h4" mb="xs">
        Date overrides
      </Title>
      <ApiErrorAlert errors={other} />
      <DataTable
        caption="Date overrides"
        empty="No date overrides."
        rows={[...overrides].sort((a, b) => a.date.localeCompare(b.date))}
        rowKey={(o) => o.id}
        columns={[
          { header: 'Date', cell: (o) => o.date },
          { header: 'Hours', cell: (o) => (o.isAvailable ? `${o.startTime}–${o.endTime}` : 'Blocked') },
          { header: 'Reason', cell: (o) => o.reason || '—' },
          {
            header: 'Actions',
            cell: (o) => (
              <Button
                size="xs"
                variant="default"
                aria-label={`Delete the override of ${o.date}`}
                onClick={() => void remove(o.id)}
              >
                Delete
              </Button>
            ),
          },
        ]}
      />
      <form
        aria-label="Add a date override"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <Stack gap="xs" maw={560} mt="sm">
          <Group gap="xs" align="flex-start">
            <TextInput
              label="Date"
              placeholder="YYYY-MM-DD"
              value={form.date}
              onChange={(e) => set({ date: e.currentTarget.value })}
              error={fieldErrors.date}
              required
            />
            <Switch
              mt={30}
              label="Available that day"
              checked={form.isAvailable}
              onChange={(e) => set({ isAvailable: e.currentTarget.checked })}
            />
          </Group>
          {form.isAvailable && (
            <Group gap="xs" align="flex-start">
              <TextInput
                label="From"
                placeholder="10:00"
                value={form.startTime}
                onChange={(e) => set({ startTime: e.currentTarget.value })}
                error={fieldErrors.startTime}
                w={120}
              />
              <TextInput
                label="To"
                placeholder="14:00"
                value={form.endTime}
                onChange={(e) => set({ endTime: e.currentTarget.value })}
                error={fieldErrors.endTime}
                w={120}
              />
            </Group>
          )}
          <TextInput
            label="Reason"
            value={form.reason}
            onChange={(e) => set({ reason: e.currentTarget.value })}
            error={fieldErrors.reason}
          />
          <Group>
            <Button type="submit" loading={busy}>
              Add override
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
