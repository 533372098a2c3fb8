import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { type FocusedControl, FocusRecorder, FocusRestorer } from './board-focus.tsx';

function Items({ version }: { version: string }) {
  return (
    <ul>
      {[1, 2].map((id) => (
        <li key={id} data-task-id={id}>
          <button type="button">{`Move ${id} ${version}`}</button>
          <button type="button">{`Open ${id} ${version}`}</button>
        </li>
      ))}
    </ul>
  );
}

/** The still board, then (when `sortable`) the board that replaces it, as Suspense swaps them. */
function Board({ sortable }: { sortable: boolean }) {
  const focused = useRef<FocusedControl | null>(null);
  return (
    <>
      <button type="button">Elsewhere</button>
      {sortable ? (
        <FocusRestorer from={focused}>
          <Items version="sortable" />
        </FocusRestorer>
      ) : (
        <FocusRecorder into={focused}>
          <Items version="still" />
        </FocusRecorder>
      )}
    </>
  );
}

describe('the board keeps focus when the sortable board replaces the still one', () => {
  it('focuses the same control of the same task', () => {
    const view = render(<Board sortable={false} />);
    screen.getByRole('button', { name: 'Open 2 still' }).focus();
    view.rerender(<Board sortable />);
    expect(screen.getByRole('button', { name: 'Open 2 sortable' })).toHaveFocus();
  });

  it('leaves focus alone when the member moved it elsewhere first', () => {
    const view = render(<Board sortable={false} />);
    screen.getByRole('button', { name: 'Move 1 still' }).focus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    view.rerender(<Board sortable />);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('takes no focus when nothing in the still board had it', () => {
    const view = render(<Board sortable={false} />);
    view.rerender(<Board sortable />);
    expect(document.body).toHaveFocus();
  });
});
