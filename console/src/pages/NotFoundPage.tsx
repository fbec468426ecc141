import { Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <>
      <Title order={1} size="h2">
        Not found
      </Title>
      <Text mt="md">
        The console has no page at this address. <Link to="/">Go to the overview</Link>.
      </Text>
    </>
  );
}
