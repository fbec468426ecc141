import { useState } from 'react';
import { Button, CloseButton, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ApiError } from '../../api/api-error';
import { mutate } from '../../api/graphql-client';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { UpdateScheduleMutation } from './schedule-documents';
import {
  WEEKDAYS,
  dayName,
  hoursKey,
  refusedScheduleField,
  weekRules,
  type Hours,
  type WeekForm,
  type Weekday,
} from './weekly-hours';

/**
 * Edits a schedule's name, time zone and weekly hours, sent in one `updateCalendarSchedule`; the platform's refusal
 * (a time that is no HH:mm, an end before its start, an unknown zone) is shown under the field it names.
 */
export function WeeklyHoursEditor({
  id,
  initial,
  onCancel,
  onSaved,
}: {
  id: string;
  initial: { name: string; timezone: string; week: WeekForm };
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [timezone, setTimezone] = useState(initial.timezone);
  const [week, setWeek] = useState<WeekForm>(initial.week);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<ApiError[]>([]);
  const [busy, setBusy] = useState(false);
  const setDay = (day: Weekday, hours: Hours[]) => setWeek((w) => ({ ...w, [day]: hours }));

  const save = async () => {
    setBusy(true);
    setFieldErrors({});
    setOther([]);
    try {
      await mutate(UpdateScheduleMutation, {
        id,
        input: { name: name.trim(), timezone: timezone.trim(), availability: weekRules(week) },
      });
      onSaved();
    } catch (e) {
      const error = e as ApiError;
      const field = refusedScheduleField(error.details.field, week);
      if (field) setFieldErrors({ [field]: error.message });
      else setOther([error]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="Edit the schedule"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm" maw={560}>
        <ApiErrorAlert errors={other} />
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldErrors.name}
          required
        />
        <TextInput
          label="Time zone"
          description="IANA name, e.g. Europe/Berlin: the weekly hours are in it"
          value={timezone}
          onChange={(e) => setTimezone(e.currentTarget.value)}
          error={fieldErrors.timezone}
          required
        />
        {WEEKDAYS.map((day) => (
          <Fieldset key={day} legend={dayName(day)}>
            <Stack gap="xs">
              {week[day].length === 0 && (
                <Text size="sm" c="dimmed">
                  Closed
                </Text>
              )}
              {week[day].map((h, i) => (
                <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    label={`${dayName(day)} ${i + 1}: from`}
                    placeholder="09:00"
                    value={h.startTime}
                    onChange={(e) => {
                      const startTime = e.currentTarget.value;
                      setDay(
                        day,
                        week[day].map((x, j) => (j === i ? { ...x, startTime } : x)),
                      );
                    }}
                    error={fieldErrors[hoursKey(day, i, 'startTime')]}
                    w={120}
                  />
                  <TextInput
                    label={`${dayName(day)} ${i + 1}: to`}
                    placeholder="17:00"
                    value={h.endTime}
                    onChange={(e) => {
                      const endTime = e.currentTarget.value;
                      setDay(
                        day,
                        week[day].map((x, j) => (j === i ? { ...x, endTime } : x)),
                      );
                    }}
                    error={fieldErrors[hoursKey(day, i, 'endTime')]}
                    w={120}
                  />
                  <CloseButton
                    mt={28}
                    aria-label={`Remove ${dayName(day)} hours ${i + 1}`}
                    onClick={() =>
                      setDay(
                        day,
                        week[day].filter((_, j) => j !== i),
                      )
                    }
                  />
                </Group>
              ))}
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setDay(day, [...week[day], { startTime: '09:00', endTime: '17:00' }])}
                >
                  Add hours on {dayName(day)}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
