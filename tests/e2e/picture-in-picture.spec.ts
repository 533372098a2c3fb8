import { expect, test } from './fixtures.ts';

test.describe('the floating timer in its own window', () => {
  test('pops out into an always-on-top window, keeps time there, and comes back when it closes', async ({
    page,
    context,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn();
    await page.goto('/music');
    const widget = page.getByRole('region', { name: 'Pomodoro timer' });
    await expect(widget).toBeVisible();
    const supported = await page.evaluate(() => 'documentPictureInPicture' in window);
    test.skip(!supported, 'needs the Document Picture-in-Picture API, which this Chromium does not offer');

    const opened = context.waitForEvent('page');
    await widget.getByRole('button', { name: 'Pop out the timer' }).click();
    const popped = await opened;
    await expect(popped.getByRole('timer')).toHaveText('25:00');
    await popped.getByRole('button', { name: 'Start timer' }).click();
    await expect(popped.getByRole('timer')).not.toHaveText('25:00', { timeout: 3_000 });
    await expect(widget.getByRole('button', { name: /^Bring the timer back, 24:5\d$/ })).toBeVisible();

    await popped.close();
    await expect(widget.getByRole('button', { name: 'Pause timer' })).toBeVisible();
    await expect(widget.getByRole('timer')).not.toHaveText('25:00');
  });
});
