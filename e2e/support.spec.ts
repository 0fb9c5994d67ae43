import { expect, test } from './fixtures.ts';

test('/kf.html sends a message and shows it in the conversation, which the link opens again', async ({ page }) => {
  await page.goto('/kf.html');
  const form = page.getByTestId('kf-open-form');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Please enter your email address.')).toBeVisible();
  await expect(form.getByText('Please enter a message.')).toBeVisible();

  await form.getByLabel('Your email').fill('not-an-email');
  await form.getByLabel('Your message').fill('My deposit has been pending for two days.');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();

  await form.getByLabel('Your email').fill('visitor@example.com');
  await form.getByRole('button', { name: 'Send' }).click();
  const conversation = page.getByTestId('kf-conversation');
  await expect(conversation.getByTestId('kf-message')).toHaveCount(1);
  await expect(conversation.getByTestId('kf-message').first()).toContainText('My deposit has been pending for two days.');
  await expect(page).toHaveURL(/\/kf\.html\?ticket=[0-9a-f-]{36}&key=[A-Za-z0-9_-]{43}$/);

  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByTestId('kf-message').first()).toContainText('My deposit has been pending for two days.');
  await other.getByTestId('kf-reply').fill('Here is more detail.');
  await other.getByTestId('kf-reply-send').click();
  await expect(other.getByTestId('kf-message')).toHaveCount(2);

  // An operator's answer, seen by the visitor, is part of the back-office journey (backoffice.spec.ts).

  // A wrong key shows nothing of the conversation.
  const wrong = link.replace(/key=[^&]+/, `key=${'A'.repeat(43)}`);
  await other.goto(wrong);
  await expect(other.getByText('This conversation does not exist', { exact: false })).toBeVisible();
  await expect(other.getByTestId('kf-message')).toHaveCount(0);
});

test('/kf.html refuses a file that is not an image, judged by its content', async ({ page }) => {
  await page.goto('/kf.html');
  await page
    .getByTestId('kf-image')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
  await expect(page.getByText('The image format is wrong. Use JPG, PNG or JPEG 2000.')).toBeVisible();
});

test('/kf.html: an image the browser cannot decode ends in "upload failed", and the picker takes another', async ({ page }) => {
  await page.goto('/kf.html');
  // A PNG signature and header start, then 3 MB of noise: over the 2 MB upload limit, so the picker must
  // redraw it, and the browser cannot decode it.
  const broken = Buffer.alloc(3 * 1024 * 1024, 0x5a);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]).copy(broken);
  const picker = page.getByTestId('kf-image');
  await picker.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: broken });
  await expect(page.getByRole('alert').filter({ hasText: 'Upload failed. Please try again.' })).toBeVisible();
  await expect(page.getByText('Preparing the image', { exact: false })).toHaveCount(0);
  await expect(picker).toBeEnabled();

  // The picker works again: a real (small) PNG is taken as it is.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await picker.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('dot.png')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Upload failed' })).toHaveCount(0);
});
