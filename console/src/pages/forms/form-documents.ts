import { graphql } from '../../gql';

/** The form page's one request: the form and its fields, a page of its submissions, and its analytics. */
export const FormPageQuery = graphql(`
  query ConsoleForm($id: ID!, $page: Int!, $limit: Int!, $status: String) {
    form(id: $id) { id uuid title slug status description url publishedAt fields { id ref type label required order } }
    formSubmissions(formId: $id, page: $page, limit: $limit, status: $status) {
      data { submissionId status answers respondentEmail lastFieldId createdAt completedAt }
      meta { total }
    }
    formAnalytics(formId: $id) {
      summary { views starts completions completionRate }
      dropOff { fieldId ref label count }
    }
  }
`);
