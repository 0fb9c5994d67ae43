import { describe, expect, it } from 'vitest';
import {
  IMAGE_LIMITS,
  LANGUAGE_CODES,
  OPERATOR_NOTE_MAX,
  SUPPORT_MESSAGE_MAX,
  USER_NOTE_MAX,
  VALIDATION_KEYS as V,
} from '@meridian/contracts';
import { decideReviewBody, operatorReplyBody, supportMessageText, userNoteBody } from '@meridian/contracts/schemas';
import { i18n, initI18n } from './i18n.ts';

/** Issue 22 item 6: each message names the limit of its own field, from the constant the server checks. */
const FIELDS = [
  { key: V.messageTooLong, limits: [SUPPORT_MESSAGE_MAX] },
  { key: V.userNoteTooLong, limits: [USER_NOTE_MAX] },
  { key: V.noteTooLong, limits: [OPERATOR_NOTE_MAX] },
  { key: 'validation.imageDimensions', limits: [IMAGE_LIMITS.maxSide, IMAGE_LIMITS.maxPixels] },
  { key: V.imageTooLarge, limits: [IMAGE_LIMITS.pickerMaxBytes / 2 ** 20, IMAGE_LIMITS.serverMaxBytes / 2 ** 20] },
] as const;

describe('messages that state a limit', () => {
  it('the checks use those constants: one character more is refused with the field’s own message', () => {
    const over = (n: number) => 'x'.repeat(n + 1);
    expect(supportMessageText.safeParse('x'.repeat(SUPPORT_MESSAGE_MAX)).success).toBe(true);
    expect(supportMessageText.safeParse(over(SUPPORT_MESSAGE_MAX)).error?.issues[0]?.message).toBe(V.messageTooLong);
    expect(operatorReplyBody.safeParse({ message: over(SUPPORT_MESSAGE_MAX) }).error?.issues[0]?.message).toBe(V.messageTooLong);
    expect(userNoteBody.safeParse({ body: over(USER_NOTE_MAX) }).error?.issues[0]?.message).toBe(V.userNoteTooLong);
    expect(userNoteBody.safeParse({ body: 'x'.repeat(USER_NOTE_MAX) }).success).toBe(true);
    const decision = { decision: 'reject', reasonCode: 'documentUnreadable' };
    const note = decideReviewBody.safeParse({ ...decision, note: over(OPERATOR_NOTE_MAX) });
    expect(note.error?.issues.find((i) => i.path[0] === 'note')?.message).toBe(V.noteTooLong);
  });

  it.each(LANGUAGE_CODES)('in %s, each rendered message contains its field’s limit', async (lang) => {
    await initI18n('en');
    await i18n.changeLanguage(lang);
    for (const { key, limits } of FIELDS) {
      const text = i18n.t(key);
      expect(text, key).not.toBe(key);
      expect(text, key).not.toMatch(/\{\{/);
      for (const limit of limits) expect(text, `${lang} ${key}`).toContain(new Intl.NumberFormat(lang).format(limit));
    }
    // The figures that were wrong before: 40 megapixels, and 2,000 characters for notes.
    expect(i18n.t('validation.imageDimensions')).not.toMatch(/\b40\b/);
    expect(i18n.t(V.noteTooLong)).not.toContain(new Intl.NumberFormat(lang).format(SUPPORT_MESSAGE_MAX));
  });
});
