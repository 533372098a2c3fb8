import { act, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { deleteAccountRequestSchema } from '#shared/account.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { bodiesTo, requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { YourDataCard } from './your-data-card.tsx';

const member = buildUser({ email: 'ada@example.test' });

async function openDialog() {
  const rendered = renderWithMember(<YourDataCard />, member);
  await rendered.user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
  return { ...rendered, dialog };
}

describe('YourDataCard: Delete my account', () => {
  it('does nothing until the member types their own email, then sends the choice for their posts', async () => {
    server.use(http.delete('/api/account', () => HttpResponse.json({ deleted: true, posts_kept: 2 })));
    const { user, dialog } = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: 'Type ada@example.test to confirm' });
    expect(field).toHaveFocus();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.type(field, 'ada@example.tes');
    expect(confirm).toBeDisabled();
    await user.type(field, 't');
    await user.click(within(dialog).getByRole('radio', { name: /Keep them/ }));
    await user.click(confirm);

    expect(
      await screen.findByText('Your account is deleted. Your posts stay as “Deleted member”.'),
    ).toBeVisible();
    expect(bodiesTo('/api/account', 'DELETE').map((body) => deleteAccountRequestSchema.parse(body))).toEqual([
      {
        email: 'ada@example.test',
        community: 'keep',
      },
    ]);
  });

  it('shows the server’s refusal, and deletes nothing', async () => {
    server.use(
      http.delete('/api/account', () =>
        errorResponse(400, 'validation_failed', 'That is not the email of this account'),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox'), 'ADA@example.test ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That is not the email of this account',
    );
    takeConsoleErrors();
  });

  it('Cancel closes it and sends nothing', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo('/api/account', 'DELETE')).toEqual([]);
  });

  it('asks and says goodbye in Spanish, the one post kept under its author’s name', async () => {
    await act(() => activateLanguage('es'));
    server.use(http.delete('/api/account', () => HttpResponse.json({ deleted: true, posts_kept: 1 })));
    const { user } = renderWithMember(<YourDataCard />, member);
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar mi cuenta' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Escribe ada@example.test para confirmar' }),
      'ada@example.test',
    );
    await user.click(
      within(dialog).getByRole('radio', { name: /^Conservarlos, con el nombre “Miembro eliminado”/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(
      await screen.findByText('Se eliminó tu cuenta. Tu publicación queda como “Miembro eliminado”.'),
    ).toBeVisible();
  });
});
