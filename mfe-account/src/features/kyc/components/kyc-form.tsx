import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AREA_CODES, COUNTRY_CODES, KYC_DOCUMENT_TYPES, KYC_KEYS, KYC_PHOTOS_OF, KYC_SEXES, localeOf } from '@meridian/contracts';
import type { IdentificationBody, KycDocumentType, KycPhoto } from '@meridian/contracts';
import { identificationForm } from '@meridian/contracts/schemas';
import { useLanguage, useT, useUser } from '@meridian/platform';
import { Button, formClasses } from '@meridian/ui';
import { Form, SelectField, TextField } from '@meridian/ui/form';
import { ImageField, uploadImage } from '@meridian/ui/image-field';
import type { PreparedImage } from '@meridian/ui/image-field';
import { SignatureField } from '@meridian/ui/signature-field';
import { accountKeys } from '../../../api/account-queries.ts';
import { failureKey } from '../../../api/account-api.ts';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { usePlatform } from '../../../shared/platform-context.tsx';
import { kycApi } from '../api/kyc-api.ts';
import styles from './kyc.module.css';

const ID_FIELD: Record<KycPhoto, 'frontId' | 'backId' | 'handId'> = { front: 'frontId', back: 'backId', hand: 'handId' };

/**
 * The identity verification form (SPEC §3 KYC): who you are, where you live, your phone, the document
 * with the photos it needs (from a file or the camera), and a drawn signature. Checked by the API's own
 * rules before sending; the photos go to the private upload (encrypted at rest) when the form is sent.
 */
export function KycForm() {
  const { t } = useT(NAMESPACE);
  const { t: tc } = useT('common');
  const lang = useLanguage();
  const { api, toast } = usePlatform();
  const userId = useUser()?.id ?? null;
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<Partial<Record<KycPhoto, PreparedImage | null>>>({});
  const [signature, setSignature] = useState<Blob | null>(null);
  const [tried, setTried] = useState(false);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([localeOf(lang)], { type: 'region' });
    const collator = new Intl.Collator(localeOf(lang));
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
  }, [lang]);

  return (
    <Form
      schema={identificationForm}
      defaultValues={{
        firstName: '',
        lastName: '',
        birthdate: '',
        sex: undefined,
        country: undefined,
        address: '',
        areaCode: '+49',
        phone: '',
        documentType: 'idCard',
      }}
      onSubmit={async (fields) => {
        const needed = KYC_PHOTOS_OF[fields.documentType];
        if (needed.some((photo) => !photos[photo]?.ok) || !signature) return;
        const ids: Partial<Record<'frontId' | 'backId' | 'handId', string>> = {};
        for (const photo of needed) {
          const image = photos[photo] as PreparedImage & { ok: true };
          ids[ID_FIELD[photo]] = await uploadImage(api, image.blob, image.name, { private: true });
        }
        const signatureId = await uploadImage(api, signature, 'signature.png', { private: true });
        await kycApi.submit(api, { ...fields, ...ids, signatureId } as IdentificationBody);
        await queryClient.invalidateQueries({ queryKey: accountKeys.user(userId) });
        toast(tc('success.20001'), 'success');
      }}
      className={styles.form}
      testId="kyc-form"
      aria-label={t('kyc.formTitle')}
    >
      {(form, { failure, submitting }) => {
        const documentType = form.watch('documentType') as KycDocumentType;
        const needed = KYC_PHOTOS_OF[documentType] ?? KYC_PHOTOS_OF.idCard;
        return (
          <>
            <div className={styles.pair}>
              <TextField form={form} name="firstName" label={t('kyc.firstName')} autoComplete="given-name" testId="kyc-first-name" />
              <TextField form={form} name="lastName" label={t('kyc.lastName')} autoComplete="family-name" testId="kyc-last-name" />
            </div>
            <div className={styles.pair}>
              <TextField form={form} name="birthdate" label={t('kyc.birthdate')} type="date" autoComplete="bday" testId="kyc-birthdate" />
              <SelectField
                form={form}
                name="sex"
                label={t('kyc.sex')}
                options={[{ value: '', label: t('kyc.choose') }, ...KYC_SEXES.map((value) => ({ value, label: t(`kyc.sexes.${value}`) }))]}
                testId="kyc-sex"
              />
            </div>
            <SelectField
              form={form}
              name="country"
              label={t('kyc.country')}
              options={[{ value: '', label: t('kyc.choose') }, ...countries]}
              testId="kyc-country"
            />
            <TextField form={form} name="address" label={t('kyc.address')} autoComplete="street-address" testId="kyc-address" />
            <div className={styles.phone}>
              <SelectField form={form} name="areaCode" label={t('kyc.areaCode')} options={AREA_CODES} testId="kyc-area-code" />
              <TextField
                form={form}
                name="phone"
                label={t('kyc.phone')}
                inputMode="numeric"
                autoComplete="tel-national"
                dir="ltr"
                testId="kyc-phone"
              />
            </div>
            <SelectField
              form={form}
              name="documentType"
              label={t('kyc.documentType')}
              options={KYC_DOCUMENT_TYPES.map((value) => ({ value, label: t(`kyc.documents.${value}`) }))}
              testId="kyc-document"
            />
            <div className={styles.photos}>
              {needed.map((photo) => (
                <ImageField
                  key={photo}
                  value={photos[photo] ?? null}
                  onChange={(image) => setPhotos((current) => ({ ...current, [photo]: image }))}
                  label={t(`kyc.photos.${photo}`)}
                  hint={tc('kit.imageHint')}
                  camera
                  testId={`kyc-photo-${photo}`}
                  error={tried && !photos[photo]?.ok ? KYC_KEYS.photoRequired : undefined}
                />
              ))}
            </div>
            <SignatureField
              label={t('kyc.signature')}
              hint={t('kyc.signatureHint')}
              onChange={setSignature}
              error={tried && !signature ? KYC_KEYS.notSigned : undefined}
              testId="kyc-signature"
            />
            <p className={formClasses.hint}>{t('kyc.privacy')}</p>
            {failure ? (
              <p className={formClasses.error} role="alert" data-testid="kyc-failure">
                {tc(failureKey(failure))}
              </p>
            ) : null}
            <div className={formClasses.actions}>
              <Button type="submit" disabled={submitting} onClick={() => setTried(true)} data-testid="kyc-submit">
                {submitting ? tc('kit.working') : t('kyc.submit')}
              </Button>
            </div>
          </>
        );
      }}
    </Form>
  );
}
