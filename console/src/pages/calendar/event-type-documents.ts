import { graphql } from '../../gql';

export const EventTypesQuery = graphql(`
  query ConsoleEventTypes($page: Int!, $limit: Int!) {
    calendarEventTypes(page: $page, limit: $limit) {
      data { id title slug duration active public bookingUrl hostName hostId bookingQuestions { name label type required options placeholder } }
      meta { total }
    }
  }
`);

export const UpdateEventTypeMutation = graphql(`
  mutation ConsoleUpdateEventType($id: ID!, $input: UpdateCalendarEventTypeInput!) {
    updateCalendarEventType(id: $id, input: $input) { id public slug bookingUrl }
  }
`);
