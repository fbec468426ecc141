import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ApiError } from '../../api/api-error';
import { CqlBox } from './CqlBox';

beforeAll(() => {
  // Mantine asks for media queries; jsdom has none.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

const renderBox = (error: ApiError | null, onRun = vi.fn()) => {
  const view = render(
    <MantineProvider>
      <CqlBox onRun={onRun} error={error} running={false} />
    </MantineProvider>,
  );
  return { onRun, view };
};

describe('CqlBox', () => {
  it('runs the trimmed query from the button and from Ctrl+Enter', () => {
    const { onRun } = renderBox(null);
    const box = screen.getByRole('textbox', { name: /CQL query/ });
    fireEvent.change(box, { target: { value: '  status = "ACTIVE" ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
    expect(onRun).toHaveBeenLastCalledWith('status = "ACTIVE"');
    fireEvent.change(box, { target: { value: 'email contains "a"' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(onRun).toHaveBeenLastCalledWith('email contains "a"');
    expect(onRun).toHaveBeenCalledTimes(2);
  });

  it('puts a caret under the character the platform names, on the query that was run', () => {
    const { onRun, view } = renderBox(null);
    const box = screen.getByRole('textbox', { name: /CQL query/ });
    fireEvent.change(box, { target: { value: 'name = "x"\nAND createdAt > -3q' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
    expect(onRun).toHaveBeenCalled();
    const error = new ApiError(
      'Invalid where at position 27: expected a relative date',
      'INVALID_REQUEST',
      'req_1',
      [],
      { field: 'where', position: 27, expected: ['-30d', '+2w'] },
    );
    view.rerender(
      <MantineProvider>
        <CqlBox onRun={onRun} error={error} running={false} />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Error at line 2, column 17');
    expect(screen.getByLabelText('Where the error is').textContent).toBe(`AND createdAt > -3q\n${' '.repeat(16)}^`);
    expect(screen.getByText('Expected: -30d, +2w')).toBeTruthy();
  });

  it('shows no caret for an error without a character offset', () => {
    renderBox(
      new ApiError('Invalid filter at conditions[0]', 'INVALID_REQUEST', null, [], {
        field: 'filter',
        position: 'conditions[0]',
      }),
    );
    expect(screen.queryByLabelText('Where the error is')).toBeNull();
    expect(screen.getByText('Invalid filter at conditions[0]')).toBeTruthy();
  });
});
