import { graphql } from '../../gql';

export const CreateSmsTemplate = graphql(`
  mutation ConsoleCreateSmsTemplate($input: SmsTemplateInput!) {
    createSmsTemplate(input: $input) { alias }
  }
`);

export const UpdateSmsTemplate = graphql(`
  mutation ConsoleUpdateSmsTemplate($alias: String!, $input: SmsTemplateInput!) {
    updateSmsTemplate(alias: $alias, input: $input) { alias }
  }
`);

export const DeleteSmsTemplate = graphql(`
  mutation ConsoleDeleteSmsTemplate($alias: String!) {
    deleteSmsTemplate(alias: $alias)
  }
`);
