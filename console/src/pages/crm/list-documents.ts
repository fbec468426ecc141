import { graphql } from '../../gql';

export const CreateListMutation = graphql(`
  mutation ConsoleCreateCrmList($input: CrmListInput!) {
    createCrmList(input: $input) { id name isDynamic memberCount }
  }
`);

export const DeleteListMutation = graphql(`
  mutation ConsoleDeleteCrmList($id: ID!) {
    deleteCrmList(id: $id)
  }
`);
