import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusEditor } from './status-editor.tsx';

function renderEditor(status: string | null = 'Shipping the album') {
  const onSave = vi.fn();
  const user = userEvent.setup();
  render(
    <>
      <StatusEditor status={status} onSave={onSave} />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { onSave, user, field: () => screen.queryByRole('textbox', { name: 'Status' }) };
}

describe('StatusEditor', () => {
  it('opens on a click with the status to edit, and Enter saves it trimmed', async () => {
    const { onSave, user, field } = renderEditor();
    await user.click(screen.getByRole('button', { name: /Shipping the album/ }));
    expect(field()).toHaveValue('Shipping the album');
    expect(field()).toHaveFocus();

    await user.clear(field() as HTMLElement);
    await user.type(field() as HTMLElement, '  Mixing track 3  {Enter}');
    expect(onSave).toHaveBeenCalledWith('Mixing track 3');
    expect(field()).toBeNull();
    expect(screen.getByRole('button', { name: /Shipping the album/ })).toHaveFocus();
  });

  it('saves with the Save button too', async () => {
    const { onSave, user, field } = renderEditor(null);
    await user.click(screen.getByRole('button', { name: /Set a status/ }));
    await user.type(field() as HTMLElement, 'On a break');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('On a break');
    expect(field()).toBeNull();
  });

  it('cancels when focus leaves the field for anything but Save, and on Escape', async () => {
    const { onSave, user, field } = renderEditor();
    await user.click(screen.getByRole('button', { name: /Shipping the album/ }));
    await user.type(field() as HTMLElement, ' and more');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(field()).toBeNull();

    await user.click(screen.getByRole('button', { name: /Shipping the album/ }));
    await user.type(field() as HTMLElement, ' again{Escape}');
    expect(field()).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps editing when Tab moves from the field to Save, which then saves', async () => {
    const { onSave, user, field } = renderEditor();
    await user.click(screen.getByRole('button', { name: /Shipping the album/ }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    expect(field()).not.toBeNull();
    await user.keyboard('{Enter}');
    // Unchanged: nothing to send.
    expect(onSave).not.toHaveBeenCalled();
    expect(field()).toBeNull();
  });

  it('never sends a blank status: Save is disabled and Enter does nothing', async () => {
    const { onSave, user, field } = renderEditor();
    await user.click(screen.getByRole('button', { name: /Shipping the album/ }));
    await user.clear(field() as HTMLElement);
    await user.type(field() as HTMLElement, '   {Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(field()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
