import { graphql } from '../../gql';

export const UpdateScheduleMutation = graphql(`
  mutation ConsoleUpdateCalendarSchedule($id: ID!, $input: UpdateCalendarScheduleInput!) {
    updateCalendarSchedule(id: $id, input: $input) { id }
  }
`);

export const AddOverrideMutation = graphql(`
  mutation ConsoleAddCalendarScheduleOverride($scheduleId: ID!, $input: CalendarScheduleOverrideInput!) {
    addCalendarScheduleOverride(scheduleId: $scheduleId, input: $input) { id }
  }
`);

export const DeleteOverrideMutation = graphql(`
  mutation ConsoleDeleteCalendarScheduleOverride($scheduleId: ID!, $overrideId: ID!) {
    deleteCalendarScheduleOverride(scheduleId: $scheduleId, overrideId: $overrideId) { deleted }
  }
`);
