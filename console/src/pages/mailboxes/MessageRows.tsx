import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DataTable, When } from '../../components/DataTable';

interface MessageRow {
  id: string;
  from: string;
  subject: string;
  textPreview: string;
  read: boolean;
  attachmentCount: number;
  labels: string[];
  receivedAt: string;
}

/** A page of a mailbox's messages (the inbox, a search's results); each subject opens the message. */
export function MessageRows({
  mailboxId,
  caption,
  empty,
  rows,
}: {
  mailboxId: string;
  caption: string;
  empty: string;
  rows: MessageRow[];
}) {
  return (
    <DataTable
      caption={caption}
      empty={empty}
      rows={rows}
      rowKey={(m) => m.id}
      columns={[
        { header: 'Received', cell: (m) => <When iso={m.receivedAt} /> },
        { header: 'From', cell: (m) => m.from },
        {
          header: 'Subject',
          cell: (m) => (
            <>
              <Anchor
                component={Link}
                to={`/mailboxes/${encodeURIComponent(mailboxId)}/messages/${encodeURIComponent(m.id)}`}
                fw={m.read ? undefined : 700}
              >
                {m.subject || '(no subject)'}
              </Anchor>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {m.textPreview}
              </Text>
            </>
          ),
        },
        { header: 'Attachments', cell: (m) => m.attachmentCount },
        {
          header: 'Labels',
          cell: (m) => (
            <Group gap={4}>
              {!m.read && <Badge size="xs">unread</Badge>}
              {m.labels.map((l) => (
                <Badge key={l} size="xs" variant="outline">
                  {l}
                </Badge>
              ))}
            </Group>
          ),
        },
      ]}
    />
  );
}
